// The table's shot messages (src/sync/shots.ts, docs/sync.md §7) in the real table app with its sync core,
// the transport answered by hand: one after each shot once the table is still, never while a shot is in
// play (one in flight is stopped at the strike), never while a record is queued or on its way (a record
// made while one is in flight stops it), never a write to the outbox's flash; lost or refused, the next
// one carries everything since the server's last word; past the cap nothing, until a record is acknowledged.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { matchIdOf } from '../../server/live/shot-message.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { matchId, SHOT_MAX, ShotSender } from '../../src/sync/shots.ts';
import { nodeDigest } from '../../hosts/simulator/sync.ts';
import { header } from '../../tools/script.ts';
import { scriptedReadings } from '../helpers/tournament/hall.ts';
import { HandTransport, makeSync, nodeHmac, SECRET, type Posted } from '../helpers/sync.ts';
import { MemoryFlash, makeTable, type TestTable } from '../helpers/table.ts';

const isShot = (p: Posted) => p.request.url.endsWith('/api/v1/shots');
const isRecord = (p: Posted) => p.request.url.endsWith('/api/v1/records');
type Shot = { carromShot: number; table: string; matchId: string; from: number; lines: string };
const shotOf = (p: Posted) => JSON.parse(p.body) as Shot;

interface Rig {
  t: TestTable;
  tr: HandTransport;
  outbox: MemoryFlash;
  sync: ReturnType<typeof makeSync>;
  readings: Reading[];
  at: number;
}

function rig(settings = true): Rig {
  const tr = new HandTransport();
  const outbox = new MemoryFlash();
  const sync = makeSync(tr, outbox, settings ? undefined : null);
  const t = makeTable({ ...header('icf'), players: ['CLEO', 'DEV'] }, new MemoryFlash(), undefined, 10, { sync });
  t.app.setWifi('up');
  const readings = scriptedReadings(t.app.header, 3, 1_000_000);
  return { t, tr, outbox, sync, readings, at: 0 };
}

/** Plays the readings up to the next strike's end and its settle, ticking every 20 ms; `during` is called at
 * each tick while a shot is in play. Returns false when the readings are over. */
function nextShot(r: Rig, during: () => void = () => {}): boolean {
  const shots = r.t.app.state.shots;
  while (r.at < r.readings.length && r.t.app.state.shots === shots) step(r, during);
  if (r.at >= r.readings.length) return false;
  while (r.at < r.readings.length && !r.t.app.atRest) step(r, during);
  // Still: the sensing layer is sure no strike is being made.
  for (let i = 0; i < 150; i++) tick(r, during);
  return true;
}

function step(r: Rig, during: () => void): void {
  const next = r.readings[r.at];
  while (r.t.clock.t + 20_000 < next.t) tick(r, during);
  r.t.clock.t = Math.max(r.t.clock.t, next.t);
  r.t.app.readings([next]);
  r.at++;
}

function tick(r: Rig, during: () => void): void {
  r.t.clock.t += 20_000;
  r.t.app.tick();
  if (!r.t.app.atRest) during();
}

/** The table's whole log (one board in these tests: the journal's text). */
const logOf = (r: Rig) => r.t.app.fullLog()!;

describe("the table's shot messages", () => {
  it('its id is the one the server computes: the first 16 hex of the SHA-256 of the header line', () => {
    const h = '{"carrom":1,"rules":"icf","mode":"singles","players":["A","B"],"breaker":0,"options":{}}';
    assert.equal(matchId(h, nodeDigest), createHash('sha256').update(h).digest('hex').slice(0, 16));
    assert.equal(matchId(h, nodeDigest), matchIdOf(h));
  });

  it('one after each shot, signed like a record, carrying the lines since the last the server said it holds; nothing during a shot, no flash write', () => {
    const r = rig();
    const writes = () => r.outbox.ops.length;
    let sentDuringShots = 0;
    const during = () => (sentDuringShots += r.tr.posted.filter(isShot).length);
    let have = 0;
    let shots = 0;
    for (let i = 0; i < 6 && nextShot(r, during); i++) {
      const before = writes();
      const posted = r.tr.posted.filter(isShot);
      assert.equal(posted.length, 1, `shot ${i + 1}: one message`);
      const p = posted[0];
      const m = shotOf(p);
      const log = logOf(r).slice(0, -1).split('\n');
      assert.equal(m.from, have, 'from the line the server said it holds');
      assert.equal(m.lines, `${log.slice(have).join('\n')}\n`, 'every line since');
      assert.equal(m.matchId, matchIdOf(log[0]));
      const headers = Object.fromEntries(p.request.headers);
      assert.equal(headers['Carrom-Signature'], `sha256=${nodeHmac(SECRET, p.body)}`);
      assert.equal(headers['Carrom-Table'], 'club-1');
      // Every other answer is lost: the next message carries those lines again.
      if (i % 2 === 0) {
        have = log.length;
        r.tr.answer(200, { published: true, have });
      } else r.tr.fail('no answer');
      shots++;
      r.t.clock.t += 20_000;
      r.t.app.tick();
      assert.equal(writes(), before, 'a shot message writes nothing to the outbox\'s flash');
    }
    assert.equal(shots, 6);
    assert.equal(sentDuringShots, 0, 'nothing posted while a shot was in play');
  });

  it('a message in flight when the next shot starts is stopped; the next one carries its lines', () => {
    const r = rig();
    nextShot(r);
    assert.equal(r.tr.posted.filter(isShot).length, 1);
    const cancels = r.tr.cancels;
    nextShot(r, () => undefined);
    assert.ok(r.tr.cancels > cancels, 'the transport was told to stop it at the strike');
    assert.equal(r.sync.shots.counts.stopped, 1);
    const last = r.tr.posted.filter(isShot).at(-1)!;
    assert.equal(shotOf(last).from, 0, 'the next carries everything from the header on');
  });

  it('a record goes first: none while a record is queued or on its way, and one in flight gives way to a record', () => {
    const r = rig();
    // Play until the first board's record is made.
    let guard = 0;
    for (;;) {
      assert.ok(nextShot(r) && guard++ < 200, 'a board ends');
      const posted = r.tr.posted;
      if (posted.some(isRecord)) break;
      // Each shot's message answered as published, so that each next one is small.
      for (const p of posted.filter(isShot)) {
        r.tr.posted.splice(r.tr.posted.indexOf(p), 1);
        p.done(null, { status: 200, body: JSON.stringify({ published: true, have: logOf(r).split('\n').length - 1 }) });
      }
    }
    assert.deepEqual(r.tr.posted.map(isRecord), [true], 'the record alone: no shot message beside it');
    // The record fails: it waits in backoff, queued; shots go on, their messages do not.
    r.tr.fail('no answer');
    nextShot(r);
    assert.equal(r.tr.posted.filter(isShot).length, 0, 'no shot message while a record is queued');
    assert.equal(r.sync.view().queued, 1);
  });

  it('a record made while a message is in flight stops it: the record is not delayed', () => {
    const r = rig();
    nextShot(r);
    assert.equal(r.tr.posted.filter(isShot).length, 1, 'a message in flight, unanswered');
    const log = logOf(r);
    r.sync.finished('board', log, r.t.app.state);
    r.t.clock.t += 20_000;
    r.t.app.tick();
    assert.equal(r.sync.shots.counts.stopped, 1, 'the message was stopped');
    assert.ok(r.tr.posted.some(isRecord), 'the record is on its way at once');
  });

  it('past the cap nothing is sent, until a record the server acknowledged holds the lines', () => {
    const tr = new HandTransport();
    const sender = new ShotSender(nodeDigest, tr);
    const head = '{"carrom":1,"rules":"icf","mode":"singles","players":["A","B"],"breaker":0,"options":{}}';
    const events = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `{"e":"call","call":"placed","t":${1000 + from + i}}\n`).join('');
    const c = { table: 'club-1', secret: SECRET, base: 'http://x', madeAt: () => null };
    sender.matchStarted();
    let log = `${head}\n${events(400)}`;
    assert.ok(log.length > SHOT_MAX);
    sender.logGrew(() => log);
    sender.send(c);
    assert.deepEqual([tr.posted.length, sender.counts.tooBig], [0, 1], 'nothing sent past the cap');
    // The board's record holds the whole log; once the server acknowledged it, the lines after it go.
    sender.recorded(7, log);
    sender.recordAcked(7);
    log += events(3, 400);
    sender.logGrew(() => log);
    sender.send(c);
    assert.equal(tr.posted.length, 1);
    const m = shotOf(tr.posted[0]);
    assert.deepEqual([m.from, m.lines], [401, events(3, 400)], "from the record's last line on");
  });

  it('off on a table not set up, and after the server says it does not know them (404)', () => {
    const off = rig(false);
    nextShot(off);
    assert.equal(off.tr.posted.length, 0);
    const old = rig();
    nextShot(old);
    old.tr.answer(404, { error: 'no API /api/v1/shots' });
    nextShot(old);
    nextShot(old);
    assert.equal(old.tr.posted.filter(isShot).length, 0, 'not at every shot to a server that does not take them');
  });
});
