// The sync scheduler against a transport answered by hand: what is sent and how it is signed, what each
// answer does to the record, backoff with jitter, nothing new sent and nothing written during a shot.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { formatJson, publicState } from '../../src/rules/index.ts';
import { start } from '../../src/rules/engine.ts';
import { BACKOFF } from '../../src/sync/backoff.ts';
import { Sync } from '../../src/sync/sync.ts';
import { nodeDigest } from '../../hosts/simulator/sync.ts';
import { header } from '../../tools/script.ts';
import { ASSIGNED, HandGetTransport, HandTransport, NO_TOURNAMENTS, SECRET, SETTINGS, makeSync, type Posted } from '../helpers/sync.ts';
import { assignmentText } from '../../src/sync/assignment.ts';
import type { PostRequest, SyncSettings, TransportPort } from '../../src/sync/ports.ts';
import { MemoryFlash } from '../helpers/table.ts';

const h = header('icf');
const s0 = start(h);
if (!s0.ok) throw new Error('no start');
const STATE = publicState(s0.value);
const HEADER = JSON.stringify(h);
const log = (n: number) => `${HEADER}\n${Array.from({ length: n }, (_, i) => `{"e":"placed","t":${i}}\n`).join('')}`;
const S = 1_000_000;

function ticks(sync: Sync, from: number, to: number, atRest = true): number {
  for (let t = from; t <= to; t += 20_000) sync.tick(t, atRest, true);
  return to;
}

describe('results sync', () => {
  it('sends the record as sync.md §1 says, signed with the secret; 201 deletes it', () => {
    const tr = new HandTransport();
    const flash = new MemoryFlash();
    const sync = makeSync(tr, flash);
    sync.finished('board', log(2), STATE);
    assert.equal(sync.view().queued, 1);
    sync.tick(0, true, true);
    assert.equal(tr.posted.length, 1);
    const p = tr.posted[0];
    assert.equal(p.request.url, 'http://127.0.0.1:9/api/v1/records');
    const headers = Object.fromEntries(p.request.headers);
    assert.equal(headers['Carrom-Table'], 'club-1');
    assert.equal(headers['Content-Type'], 'application/json');
    assert.equal(headers['Carrom-Signature'], `sha256=${createHmac('sha256', Buffer.from(SECRET, 'hex')).update(Buffer.from(p.body, 'utf8')).digest('hex')}`);
    const r = JSON.parse(p.body);
    assert.deepEqual(Object.keys(r), ['carromResult', 'table', 'counter', 'kind', 'firmware', 'log', 'state', 'madeAt']);
    assert.deepEqual([r.carromResult, r.table, r.counter, r.kind, r.firmware, r.log, r.madeAt], [1, 'club-1', 1, 'board', 'test 1', log(2), null]);
    assert.equal(formatJson(r.state), formatJson(STATE), 'the state as carrom replay prints it');
    tr.answer(201, { stored: true });
    assert.equal(sync.view().queued, 1, 'the answer takes effect at the next tick');
    sync.tick(20_000, true, true);
    assert.equal(sync.view().queued, 0);
    assert.equal(sync.view().error, null);
  });

  it('a 200 duplicate deletes too; a 200 that is not a results server answer does not', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    tr.answer(200, '<html>hello</html>');
    sync.tick(20_000, true, true);
    assert.equal(sync.view().queued, 1);
    assert.match(sync.view().error!, /not a results server/);
    assert.equal(tr.posted.length, 0, 'and it waits long before trying again');
    ticks(sync, 40_000, 200 * S);
    assert.equal(tr.posted.length, 0);
    sync.retryNow();
    sync.tick(201 * S, true, true);
    tr.answer(200, { stored: false, duplicate: true });
    sync.tick(202 * S, true, true);
    assert.equal(sync.view().queued, 0);
  });

  it('no answer: retries with exponential backoff and jitter, capped; the record stays', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    sync.finished('board', log(1), STATE);
    let t = 0;
    const gaps: number[] = [];
    let last = 0;
    for (let n = 0; n < 12; n++) {
      while (tr.posted.length === 0) sync.tick((t += 100_000), true, true);
      if (n > 0) gaps.push(t - last);
      last = t;
      tr.fail('ECONNREFUSED');
      sync.tick(t, true, true);
    }
    gaps.forEach((g, i) => {
      const d = Math.min(BACKOFF.capUs, BACKOFF.firstUs * 2 ** i);
      assert.ok(g >= d / 2 && g <= d + 100_000, `wait ${i + 1}: ${g / S} s for a nominal ${d / S} s`);
    });
    assert.ok(gaps[gaps.length - 1] <= BACKOFF.capUs + 100_000, 'capped');
    assert.ok(new Set(gaps.slice(-3)).size > 1, 'jittered');
    assert.equal(sync.view().queued, 1);
    assert.match(sync.view().error!, /no answer: ECONNREFUSED/);
  });

  for (const status of [400, 409, 413, 422]) {
    it(`${status}: the record is kept as refused, shown, and the next one goes at once; RETRY NOW sends it again`, () => {
      const tr = new HandTransport();
      const flash = new MemoryFlash();
      const sync = makeSync(tr, flash);
      sync.finished('board', `${HEADER}\n`, STATE);
      sync.finished('board', `{"carrom":1,"rules":"se","mode":"singles","players":["X","Y"]}\n`, STATE);
      sync.tick(0, true, true);
      assert.equal(JSON.parse(tr.posted[0].body).counter, 1);
      tr.answer(status, { error: 'line 3: the state disagrees' });
      sync.tick(20_000, true, true);
      assert.equal(sync.view().refused, 1);
      assert.equal(sync.view().queued, 1);
      assert.equal(sync.outbox.refused()[0].counter, 1);
      assert.match(sync.view().error!, new RegExp(`#1 refused: ${status} line 3: the state disagrees`));
      assert.equal(tr.posted.length, 1, 'one post: the next record, not #1 again');
      assert.equal(JSON.parse(tr.posted[0].body).counter, 2, 'the next record goes at once');
      tr.answer(201, { stored: true });
      sync.tick(40_000, true, true);
      assert.equal(sync.view().queued, 0);
      ticks(sync, 60_000, 30 * S);
      assert.equal(tr.posted.length, 0, 'a refused record is not tried again by itself');
      const again = makeSync(new HandTransport(), flash);
      assert.equal(again.view().refused, 1, 'refused records survive a reboot');
      sync.retryNow();
      sync.tick(31 * S, true, true);
      assert.equal(JSON.parse(tr.posted[0].body).counter, 1);
    });
  }

  it('a refused record is still refused, with its error, after the outbox is copied (dead bytes, or a torn tail at boot)', () => {
    for (const copy of ['tidy', 'torn tail'] as const) {
      const tr = new HandTransport();
      const flash = new MemoryFlash();
      const sync = makeSync(tr, flash);
      sync.finished('board', `${HEADER}\n`, STATE);
      sync.tick(0, true, true);
      tr.answer(422, { error: 'line 3: the state disagrees' });
      sync.tick(20_000, true, true);
      let t = 20_000;
      // Boards of another match, each acknowledged: dead bytes, and the tidying after an answer copies.
      for (let n = 1; n <= 6; n++) {
        sync.finished('board', `{"carrom":1,"rules":"se","mode":"singles","players":["X","Y"]}\n${'{"e":"placed","t":0}\n'.repeat(n * 20)}`, STATE);
        while (tr.posted.length === 0) sync.tick((t += 20_000), true, true);
        tr.answer(201, { stored: true });
        sync.tick((t += 20_000), true, true);
      }
      const erases = flash.ops.filter((o) => o.kind === 'erase').length;
      let booted = flash;
      if (copy === 'tidy') assert.ok(erases > 0, 'the outbox was copied');
      else {
        // A record torn in the middle of its append: the boot copies the slot.
        const before = flash.ops.length;
        sync.finished('board', log(3), STATE);
        assert.equal(flash.ops[before].kind, 'append');
        booted = MemoryFlash.cutAt(flash.ops, before, 5);
      }
      const again = makeSync(new HandTransport(), booted);
      if (copy === 'torn tail') assert.ok(booted.ops.some((o) => o.kind === 'erase'), 'the boot copied the torn slot');
      assert.deepEqual(
        again.outbox.refused().map((e) => [e.counter, e.error]),
        [[1, '422 line 3: the state disagrees']],
        `after the ${copy} copy`,
      );
      assert.deepEqual(again.outbox.queued().map((e) => e.counter), [], `nothing else queued after the ${copy} copy`);
    }
  });

  for (const status of [401, 403, 404]) {
    it(`${status}: a settings problem is shown and the table waits long, keeping the record`, () => {
      const tr = new HandTransport();
      const sync = makeSync(tr);
      sync.finished('board', log(1), STATE);
      sync.tick(0, true, true);
      tr.answer(status, { error: 'the signature does not verify' });
      sync.tick(20_000, true, true);
      assert.match(sync.view().error!, new RegExp(`${status} the signature does not verify`));
      assert.equal(sync.view().refused, 0, 'not refused: the record itself is fine');
      ticks(sync, 40_000, (BACKOFF.longUs / 2) - S);
      assert.equal(tr.posted.length, 0, 'not before half the long wait');
      ticks(sync, BACKOFF.longUs / 2, BACKOFF.longUs + S);
      assert.equal(tr.posted.length, 1);
      assert.equal(sync.view().queued, 1);
    });
  }

  it('a 201 that is not the contract\'s answer ({"id":7}) keeps the record queued, with an error saying what came back', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    tr.answer(201, { id: 7 });
    sync.tick(20_000, true, true);
    assert.equal(sync.view().queued, 1);
    assert.deepEqual(sync.outbox.queued().map((e) => e.counter), [1]);
    assert.equal(sync.view().error, '201 but not a results server\'s answer: {"id":7}');
    sync.retryNow();
    sync.tick(40_000, true, true);
    assert.equal(JSON.parse(tr.posted[0].body).counter, 1, 'the same record goes again');
  });

  it('during a shot nothing new is sent and an answer waits for rest before it is written', () => {
    const tr = new HandTransport();
    const flash = new MemoryFlash();
    const sync = makeSync(tr, flash);
    sync.finished('board', log(1), STATE);
    sync.tick(0, false, true);
    assert.equal(tr.posted.length, 0, 'not while pieces move');
    sync.tick(20_000, true, true);
    assert.equal(tr.posted.length, 1);
    const writes = flash.ops.length;
    tr.answer(201, { stored: true });
    ticks(sync, 40_000, 2 * S, false);
    assert.equal(flash.ops.length, writes, 'no flash write during the shot');
    assert.equal(sync.view().queued, 1);
    sync.tick(3 * S, true, true);
    assert.equal(sync.view().queued, 0);
  });

  it('an upload in flight when a shot starts is stopped at once, reads no more of the record, and goes again whole at rest under its counter', () => {
    // A transport that streams the body a piece at a time (as the device's reads 1 KiB from flash at
    // each onWritable), so that the test sees which pieces were read, and when.
    const reads: { at: string; offset: number }[] = [];
    let phase = 'rest';
    const open: { offset: number; body: PostRequest['body']; done: Posted['done'] }[] = [];
    let cancels = 0;
    const transport: TransportPort = {
      post(request, done) {
        open.push({ offset: 0, body: request.body, done });
      },
      cancel() {
        cancels++;
        open.length = 0;
      },
      get: (_request, done) => done(null, NO_TOURNAMENTS),
    };
    const pump = () => {
      for (const o of open) {
        if (o.offset >= o.body.length) continue;
        reads.push({ at: phase, offset: o.offset });
        o.offset += o.body.read(o.offset, 1024).length;
      }
    };
    const flash = new MemoryFlash();
    const sync = makeSync(transport, flash);
    sync.finished('board', log(200), STATE); // about 5 KiB: five pieces
    sync.tick(0, true, true);
    pump();
    pump();
    phase = 'shot';
    sync.shotStarted();
    assert.equal(cancels, 1, 'cancelled at the shot\'s start, not at the next tick');
    assert.equal(sync.stopped, 1);
    assert.equal(sync.view().sending, false);
    assert.equal(sync.tick(20_000, false, true), false, 'no redraw asked for while pieces move');
    for (let i = 0; i < 10; i++) (pump(), sync.tick(20_000 * (i + 1), false, true));
    assert.deepEqual(reads.filter((r) => r.at === 'shot'), [], 'nothing of the record is read while the shot is in play');
    assert.equal(sync.view().queued, 1, 'the record is kept');
    assert.equal(sync.view().error, null, 'a stopped upload is no failure');
    assert.equal(sync.view().retryInS, null, 'and no backoff');
    phase = 'rest';
    sync.tick(S, true, true);
    assert.equal(open.length, 1, 'sent again at the first tick at rest');
    const again = open[0];
    assert.equal(again.body.length, sync.outbox.body(sync.outbox.queued()[0]).length);
    while (again.offset < again.body.length) pump();
    assert.equal(reads.filter((r) => r.offset === 0).length, 2, 'from its first byte');
    const body = JSON.parse(Buffer.from(again.body.read(0, again.body.length)).toString('utf8'));
    assert.equal(body.counter, 1, 'under the same counter');
    // The server had stored the first one whole before the cut: the contract's duplicate answer.
    again.done(null, { status: 200, body: '{"stored": false, "duplicate": true}' });
    sync.tick(S + 20_000, true, true);
    assert.equal(sync.view().queued, 0);
    sync.finished('board', log(201), STATE);
    assert.deepEqual(sync.outbox.queued().map((e) => e.counter), [2], 'the next record takes the next counter');
  });

  it('an answer already in when the shot starts is kept and takes effect at rest; a tick during a shot stops an upload the app did not announce', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    tr.answer(201, { stored: true });
    sync.shotStarted();
    assert.equal(tr.cancels, 0, 'nothing left to stop');
    sync.tick(20_000, true, true);
    assert.equal(sync.view().queued, 0, 'the 201 acknowledged it');
    sync.finished('board', log(2), STATE);
    sync.tick(40_000, true, true);
    assert.equal(tr.posted.length, 1);
    sync.tick(60_000, false, true);
    assert.equal(tr.cancels, 1);
    tr.answer(201, { stored: true }); // the cancelled post's late answer
    sync.tick(80_000, true, true);
    assert.equal(tr.posted.length, 1, 'sent again');
    assert.equal(JSON.parse(tr.posted[0].body).counter, 2);
  });

  it('a look-up of the server in progress when a shot starts is stopped, and started again at rest', () => {
    let finds = 0;
    let cancels = 0;
    const tr = new HandTransport();
    let s: SyncSettings | null = { ...SETTINGS, server: null };
    const sync = new Sync({
      storage: new MemoryFlash(),
      transport: tr,
      digest: nodeDigest,
      random: { next: () => 0.5 },
      settings: { load: () => s, forget: () => void (s = null) },
      firmware: 't',
      finder: { find: () => void finds++, cancel: () => void cancels++ },
    });
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    assert.equal(finds, 1);
    sync.tick(20_000, false, true);
    assert.equal(cancels, 1);
    sync.tick(40_000, true, true);
    assert.equal(finds, 2, 'a new look-up at rest; the stopped one never answers');
    sync.shotStarted();
    sync.shotStarted();
    assert.equal(cancels, 2, 'once a look-up');
  });

  it('a server found by look-up is used without the slashes its address ends in, looked up once at a time, and looked up again after no answer', () => {
    const tr = new HandTransport();
    let finds = 0;
    let answer: ((error: string | null, url: string | null) => void) | null = null;
    const sync = new Sync({
      storage: new MemoryFlash(),
      transport: tr,
      digest: nodeDigest,
      random: { next: () => 0.5 },
      settings: { load: () => ({ ...SETTINGS, server: null }), forget: () => {} },
      firmware: 't',
      finder: { find: (done) => void (finds++, (answer = done)) },
    });
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    sync.tick(20_000, true, true);
    assert.equal(finds, 1, 'a look-up in progress is not started again');
    answer!(null, 'http://10.0.0.7:8080//');
    sync.tick(40_000, true, true);
    assert.equal(tr.posted[0]?.request.url, 'http://10.0.0.7:8080/api/v1/records');
    tr.fail('timed out');
    ticks(sync, 60_000, 120 * S);
    assert.deepEqual([finds, tr.posted.length], [2, 0], 'no answer from the server found: it is looked up again before the next try');
  });

  it('Wi-Fi off in the settings: nothing is sent', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    sync.finished('board', log(1), STATE);
    for (let t = 0; t < S; t += 20_000) sync.tick(t, true, false);
    assert.equal(tr.posted.length, 0);
  });

  it('a newer board record of the same log replaces an unsent older one; a match record and another match\'s are kept', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    const other = `{"carrom":1,"rules":"se","mode":"singles","players":["X","Y"]}\n{"e":"placed","t":0}\n`;
    sync.finished('match', other, STATE);
    sync.finished('board', log(1), STATE);
    sync.finished('board', log(3), STATE);
    sync.finished('match', log(3), STATE);
    assert.deepEqual(sync.outbox.queued().map((e) => [e.counter, e.kind]), [[1, 'match'], [3, 'board'], [4, 'match']]);
  });

  it('a record in flight is never replaced under the transport', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    sync.finished('board', log(2), STATE);
    assert.deepEqual(sync.outbox.queued().map((e) => e.counter), [1, 2]);
    tr.answer(201, { stored: true });
    sync.tick(20_000, true, true);
    assert.deepEqual(sync.outbox.queued().map((e) => e.counter), [2]);
  });

  it('Wi-Fi back ends a wait that no answer caused (the next try goes at once), not one that the server\'s answer caused', () => {
    for (const cause of ['no answer', 'the server\'s 500'] as const) {
      const tr = new HandTransport();
      const sync = makeSync(tr);
      sync.finished('board', log(1), STATE);
      sync.tick(0, true, true);
      if (cause === 'no answer') tr.fail('no route to host');
      else tr.answer(500, { error: 'busy' });
      sync.tick(20_000, true, true);
      assert.ok(sync.view().retryInS! > 0, `${cause}: waiting`);
      sync.networkUp();
      sync.tick(40_000, true, true);
      assert.equal(tr.posted.length, cause === 'no answer' ? 1 : 0, cause);
    }
  });

  it('a post is given up on once 120 s have passed without an answer: not at 120 s, just after', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    assert.equal(tr.posted.length, 1);
    sync.tick(120 * S, true, true);
    assert.deepEqual([tr.cancels, sync.view().sending], [0, true], 'at 120 s: still waiting');
    sync.tick(120 * S + 1, true, true);
    assert.deepEqual([tr.cancels, sync.view().sending], [1, false], 'past 120 s: given up on');
  });

  it('an answer that never comes is given up on; a late one is ignored', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    const late = tr.posted.shift()!;
    sync.tick(121 * S, true, true);
    assert.equal(tr.cancels, 1);
    assert.match(sync.view().error!, /no answer in 120 s/);
    late.done(null, { status: 201, body: '{"stored":true}' });
    sync.tick(122 * S, true, true);
    assert.equal(sync.view().queued, 1, 'a late answer to a given-up post does not delete');
  });

  /** #1 posted and given up on (its post kept unanswered), tried again and refused, so that #2 is in flight. */
  function secondInFlight(): { sync: Sync; tr: HandTransport; late: Posted; t: number } {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    sync.finished('board', log(1), STATE);
    sync.finished('board', `{"carrom":1,"rules":"se","mode":"singles","players":["X","Y"]}\n`, STATE);
    sync.tick(0, true, true);
    const late = tr.posted.shift()!;
    assert.equal(JSON.parse(late.body).counter, 1);
    let t = 121 * S;
    sync.tick(t, true, true); // given up on; after its backoff #1 goes again
    while (tr.posted.length === 0) sync.tick((t += 100_000), true, true);
    assert.equal(JSON.parse(tr.posted[0].body).counter, 1, 'the oldest goes first');
    tr.answer(422, { error: 'no' });
    sync.tick((t += 20_000), true, true);
    assert.equal(JSON.parse(tr.posted[0].body).counter, 2, '#2 in flight');
    return { sync, tr, late, t };
  }

  it('a late 201 for a given-up record #1 arriving while #2 is in flight leaves #2 queued and still waiting for its own answer', () => {
    const { sync, late, t } = secondInFlight();
    late.done(null, { status: 201, body: '{"stored":true}' });
    sync.tick(t + 20_000, true, true);
    assert.deepEqual(sync.outbox.queued().map((e) => e.counter), [2], '#2 is still queued: the late 201 was #1\'s');
    assert.equal(sync.view().sending, true, '#2 still waits for its answer');
  });

  it('#2\'s 201 and then a late answer for a given-up #1 arriving between two ticks: #2 is acknowledged by its own answer', () => {
    const { sync, tr, late, t } = secondInFlight();
    tr.answer(201, { stored: true });
    late.done(null, { status: 500, body: '{"error":"late"}' });
    sync.tick(t + 20_000, true, true);
    assert.deepEqual(sync.outbox.queued().map((e) => e.counter), [], '#2 acknowledged');
    assert.equal(sync.view().sending, false);
    assert.equal(sync.view().error, null, 'a record got through');
  });

  it('not set up: no records; FORGET clears the settings', () => {
    const none = makeSync(new HandTransport(), new MemoryFlash(), null);
    none.finished('board', log(1), STATE);
    assert.deepEqual(none.view(), { configured: false, queued: 0, refused: 0, damaged: 0, sending: false, error: null, retryInS: null, table: null, server: null });
    const sync = makeSync(new HandTransport());
    assert.equal(sync.view().table, SETTINGS.table);
    sync.forget();
    assert.equal(sync.view().configured, false);
  });

  it('counters go on across reboots, after everything was acknowledged', () => {
    const flash = new MemoryFlash();
    for (let boot = 0; boot < 4; boot++) {
      const tr = new HandTransport();
      const sync = makeSync(tr, flash);
      sync.finished('board', `${HEADER.replace('icf', boot % 2 ? 'se' : 'icf')}\n${'{"e":"placed","t":0}\n'.repeat(boot)}`, STATE);
      sync.tick(0, true, true);
      assert.equal(JSON.parse(tr.posted[0].body).counter, boot + 1);
      tr.answer(201, { stored: true });
      sync.tick(20_000, true, true);
    }
  });
});

// Issue 31's mutants of sync.ts and sync-records.ts: the wait the display shows, a server looked up,
// Wi-Fi back after the network's failures and not the server's, the setup page, flash that fails.
describe('results sync: the retry shown, the look-up, Wi-Fi back, flash that fails', () => {
  /** A sync whose jitter is always the middle (a first failure waits 1.5 s), with `extra` options. */
  function halfSync(tr: TransportPort, settings: SyncSettings | null, extra: Partial<ConstructorParameters<typeof Sync>[0]> = {}, flash = new MemoryFlash()): Sync {
    let s = settings;
    return new Sync({
      storage: flash,
      transport: tr,
      digest: nodeDigest,
      random: { next: () => 0.5 },
      settings: { load: () => s, forget: () => void (s = null) },
      firmware: 't',
      ...extra,
    });
  }

  it('the seconds to the next try, shown only while waiting after a failure, rounded up: none at the retry itself', () => {
    const tr = new HandTransport();
    const sync = halfSync(tr, SETTINGS);
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    assert.equal(sync.view().retryInS, null, 'no failure yet');
    tr.fail('ECONNREFUSED');
    sync.tick(100_000, true, true); // the failure: the next try at 100 ms + 1.5 s
    assert.equal(sync.view().retryInS, 2, '1.5 s, shown rounded up');
    sync.tick(600_000, true, false);
    assert.equal(sync.view().retryInS, 1, '1 s left');
    sync.tick(1_599_999, true, false);
    assert.equal(sync.view().retryInS, 1, 'a microsecond left is a second');
    sync.tick(1_600_000, true, false);
    assert.equal(sync.view().retryInS, null, 'the time of the retry: no wait left');
  });

  it('no server set: a look-up; its address is used without its trailing slashes and shown; a failed look-up says why, and waits', () => {
    const tr = new HandTransport();
    const finds: ((error: string | null, url: string | null) => void)[] = [];
    const sync = halfSync(tr, { ...SETTINGS, server: null }, { finder: { find: (done) => void finds.push(done) } });
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    sync.tick(20_000, true, true);
    assert.equal(finds.length, 1, 'one look-up at a time');
    assert.equal(sync.view().server, null);
    finds.shift()!(null, null);
    assert.equal(sync.view().error, 'no server found: nothing answered');
    assert.equal(sync.tick(40_000, true, true), true, 'the display changes');
    assert.equal(finds.length, 0, 'waits after a failed look-up');
    sync.tick(1_600_000, true, true);
    assert.equal(finds.length, 1, 'looks again after the wait');
    finds.shift()!('mdns: timeout', null);
    assert.equal(sync.view().error, 'no server found: mdns: timeout');
    sync.tick(10 * S, true, true);
    finds.shift()!(null, 'http://10.0.0.5:8080//');
    assert.equal(sync.view().server, 'http://10.0.0.5:8080');
    assert.equal(sync.tick(10 * S + 20_000, true, true), true, 'the display changes');
    assert.equal(tr.posted[0].request.url, 'http://10.0.0.5:8080/api/v1/records');
    tr.fail('ECONNREFUSED');
    sync.tick(10 * S + 40_000, true, true);
    assert.equal(sync.view().server, null, 'a found server that does not answer is looked up again');
    sync.tick(20 * S, true, true);
    assert.equal(finds.length, 1);
  });

  it('no server set and no way to look one up: says so, and waits', () => {
    const tr = new HandTransport();
    const sync = halfSync(tr, { ...SETTINGS, server: null });
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    assert.equal(sync.view().error, 'no server set, and none to look one up');
    assert.equal(sync.view().retryInS, 2);
  });

  it('settings forgotten while a record is on its way, its post failing: no crash, nothing sent', () => {
    const tr = new HandTransport();
    const sync = halfSync(tr, SETTINGS);
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    sync.forget();
    tr.fail('ECONNREFUSED');
    sync.tick(20_000, true, true);
    assert.equal(sync.view().configured, false);
    assert.equal(tr.posted.length, 0);
  });

  it('Wi-Fi back ends a wait the network caused, once, and not one the server\'s answer caused', () => {
    const tr = new HandTransport();
    const sync = halfSync(tr, SETTINGS);
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    assert.equal(sync.tick(20_000, true, true), false, 'nothing changed');
    sync.networkUp();
    assert.equal(sync.tick(40_000, true, true), false, 'Wi-Fi back with no failure changes nothing');
    tr.answer(500, { error: 'busy' });
    sync.tick(60_000, true, true);
    assert.equal(sync.view().retryInS, 2);
    sync.networkUp();
    assert.equal(sync.view().retryInS, 2, 'the server\'s failure keeps its wait');
    sync.tick(1_560_000, true, true);
    assert.equal(tr.posted.length, 1, 'then tried again');
    tr.fail('ENETUNREACH');
    sync.tick(1_580_000, true, true);
    assert.equal(sync.view().retryInS, 3, 'the second failure waits 3 s');
    sync.networkUp();
    assert.equal(sync.view().retryInS, null, 'a network failure: the wait ends');
    assert.equal(sync.tick(1_600_000, true, true), true, 'the display changes');
    assert.equal(tr.posted.length, 1, 'tried again at once');
    sync.tick(122 * S, true, true); // no answer: given up on, a failure that is not the network's word
    assert.equal(sync.view().retryInS, 2);
    sync.networkUp();
    assert.equal(sync.view().retryInS, 2, 'Wi-Fi back once ended the network\'s wait: not this one');
  });

  it('a long wait (not a results server) shows no count when no failure came before it, and is not ended by Wi-Fi back', () => {
    const tr = new HandTransport();
    const sync = halfSync(tr, SETTINGS);
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    tr.answer(200, '<html>hello</html>');
    sync.tick(20_000, true, true);
    assert.equal(sync.view().retryInS, null, 'a long wait with no failure counted shows no count');
    sync.networkUp();
    sync.tick(40_000, true, true);
    assert.equal(tr.posted.length, 0);
  });

  it('the setup page: none on a table without one; opened and closed through the port', () => {
    const none = halfSync(new HandTransport(), SETTINGS);
    assert.deepEqual(none.openSetup(), { error: 'this table has no setup page', none: true });
    none.closeSetup();
    const calls: string[] = [];
    const sync = halfSync(new HandTransport(), SETTINGS, { setup: { open: () => (calls.push('open'), { network: 'carrom-1', code: '1234' }), close: () => void calls.push('close') } });
    assert.deepEqual(sync.openSetup(), { network: 'carrom-1', code: '1234' });
    sync.closeSetup();
    assert.deepEqual(calls, ['open', 'close']);
  });

  it('a record made from a log lost to a power cut is none, and says so; a flash write that fails is shown, not a crash', () => {
    const sync = halfSync(new HandTransport(), SETTINGS);
    sync.tick(0, true, true);
    sync.finished('board', null, STATE);
    assert.equal(sync.view().error, 'the log before a power cut is lost: no record made');
    assert.equal(sync.view().queued, 0);
    assert.equal(sync.tick(20_000, true, true), true, 'the display changes');
    sync.finished('board', null, STATE);
    sync.finished('board', log(1), STATE);
    assert.equal(sync.tick(40_000, true, false), true, 'two changes are a change');
    const flash = new MemoryFlash();
    const full = halfSync(new HandTransport(), SETTINGS, {}, flash);
    full.tick(0, true, true);
    flash.onWrite = () => {
      throw new Error('no space');
    };
    full.finished('board', log(1), STATE);
    assert.equal(full.view().error, 'flash: no space');
    assert.equal(full.tick(20_000, true, true), true, 'the display changes');
    full.finished('board', log(1), STATE);
    flash.onWrite = () => {};
    full.finished('board', log(2), STATE);
    assert.equal(full.view().queued, 1, 'the flash works again');
    assert.equal(full.tick(40_000, true, false), true, 'two changes are a change');
  });
});

describe('results sync: the log archived, a record a power cut prevented, older board records dropped', () => {
  /** The state after `boards` boards, the match `over` or not (only what the records read of it). */
  const played = (boards: number, over: boolean) => ({ ...STATE, match: { ...STATE.match, boards: Array.from({ length: boards }, () => ({})), over } }) as unknown as typeof STATE;
  const erases = (flash: MemoryFlash) => flash.ops.filter((o) => o.kind === 'erase').length;

  it('the log is archived once per new line, and not at all by a table not set up, which makes no record either', () => {
    const flash = new MemoryFlash();
    const none = makeSync(new HandTransport(), flash, null);
    const writes = flash.ops.length;
    none.tick(0, true, true);
    none.keepLog(log(3));
    none.finished('board', log(3), STATE);
    assert.equal(flash.ops.length, writes, 'not set up: nothing written');
    assert.equal(none.tick(20_000, true, true), false, 'and nothing to draw');
    const sync = makeSync(new HandTransport(), flash);
    const before = flash.ops.length;
    sync.keepLog(log(3));
    const once = flash.ops.length;
    assert.ok(once > before, 'archived');
    sync.keepLog(log(3));
    assert.equal(flash.ops.length, once, 'the same lines again: nothing written');
    sync.keepLog(log(4));
    assert.ok(flash.ops.length > once, 'a line more: archived');
  });

  it('after a boot with no log kept, there is none to restore', () => {
    const sync = makeSync(new HandTransport());
    assert.equal(sync.restoreLog(HEADER, 3), null);
  });

  it('after a boot: the board and match records a power cut prevented are made from the archive\'s word; none when the log is lost', () => {
    const flash = new MemoryFlash();
    makeSync(new HandTransport(), flash).keepLog(log(3)); // a fresh match archived: nothing recorded
    const sync = makeSync(new HandTransport(), flash);
    sync.resume(log(3), played(1, true));
    assert.deepEqual(sync.outbox.queued().map((e) => e.kind), ['board', 'match']);
    const lost = makeSync(new HandTransport(), new MemoryFlash());
    lost.resume(null, played(1, true));
    assert.equal(lost.view().error, null, 'no log: nothing to make, and nothing said');
  });

  it('a new match archived after a match record: its records are made after a boot', () => {
    const flash = new MemoryFlash();
    const sync = makeSync(new HandTransport(), flash);
    const other = `{"carrom":1,"rules":"se","mode":"singles","players":["X","Y"]}\n{"e":"placed","t":0}\n`;
    sync.finished('match', other, played(1, true));
    sync.matchStarted();
    sync.keepLog(log(3));
    const again = makeSync(new HandTransport(), flash);
    again.resume(log(3), played(1, true));
    assert.deepEqual(again.outbox.queued().map((e) => e.kind), ['match', 'board', 'match']);
  });

  it('a board record, then the match\'s, then the log archived: after a boot no record is made again, but a board the cut kept from its record is', () => {
    for (const kinds of [['board'], ['board', 'match']] as const) {
      const flash = new MemoryFlash();
      const sync = makeSync(new HandTransport(), flash);
      for (const k of kinds) sync.finished(k, log(2), played(2, k === 'match'));
      sync.keepLog(log(3));
      const again = makeSync(new HandTransport(), flash);
      again.resume(log(3), played(2, kinds.length === 2));
      assert.equal(again.outbox.queued().length, kinds.length, `${kinds.join(', ')}: nothing more made`);
    }
    const flash = new MemoryFlash();
    const sync = makeSync(new HandTransport(), flash);
    sync.finished('board', log(2), played(2, false));
    sync.keepLog(log(3));
    const again = makeSync(new HandTransport(), flash);
    again.resume(log(3), played(3, false));
    assert.deepEqual(again.outbox.queued().map((e) => [e.counter, e.kind]), [[2, 'board']], 'the third board, which the cut kept from its record, is made (and carries the older record)');
  });

  it('an older board record dropped makes the outbox copy its live records when dead bytes pile up, never while a record is on its way', () => {
    const flash = new MemoryFlash();
    const sync = makeSync(new HandTransport(), flash);
    const e0 = erases(flash);
    for (let n = 300; n < 303; n++) sync.finished('board', log(n), STATE);
    assert.deepEqual(sync.outbox.queued().map((e) => e.counter), [3]);
    assert.ok(erases(flash) > e0, 'copied');
    const busyFlash = new MemoryFlash();
    const busy = makeSync(new HandTransport(), busyFlash);
    busy.finished('board', log(10), STATE);
    busy.tick(0, true, true);
    const e1 = erases(busyFlash);
    for (let n = 300; n < 303; n++) busy.finished('board', log(n), STATE);
    assert.deepEqual(busy.outbox.queued().map((e) => e.counter), [1, 4]);
    assert.equal(erases(busyFlash), e1, 'not copied under the transport');
  });
});

describe('results sync: refused records again, the answer\'s time limit, the host\'s work at rest, the next match asked', () => {
  it('refused records from before a boot stay refused until RETRY NOW, which sends them once', () => {
    const flash = new MemoryFlash();
    const tr = new HandTransport();
    const first = makeSync(tr, flash);
    first.finished('board', log(1), STATE);
    first.tick(0, true, true);
    tr.answer(422, { error: 'no' });
    first.tick(20_000, true, true);
    const sync = makeSync(tr, flash);
    assert.equal(sync.tick(0, true, true), true, 'the first tick draws');
    assert.equal(sync.tick(20_000, true, true), false, 'then nothing changes');
    assert.equal(tr.posted.length, 0, 'a refused record is not sent again after a boot');
    assert.equal(sync.view().refused, 1);
    sync.retryNow();
    sync.tick(40_000, true, true);
    assert.equal(tr.posted.length, 1, 'RETRY NOW sends it');
    tr.answer(422, { error: 'no' });
    sync.tick(60_000, true, true);
    ticks(sync, 80_000, 2 * S);
    assert.equal(tr.posted.length, 0, 'refused again: not sent again by itself');
    sync.retryNow();
    assert.equal(sync.tick(3 * S, true, false), true, 'RETRY NOW changes the display');
  });

  it('a record damaged in flash is shown until RETRY NOW, then no more', () => {
    const flash = new MemoryFlash();
    const sync = makeSync(new HandTransport(), flash);
    sync.finished('board', `${HEADER}\n{"e":"placed","t":0,"note":"rots"}\n`, STATE);
    sync.finished('board', `{"carrom":1,"rules":"se","mode":"singles","players":["X","Y"]}\n`, STATE);
    const slot = flash.ops[flash.ops.length - 1].slot;
    const at = Buffer.from(flash.slots[slot]).indexOf('rots');
    assert.ok(at >= 0);
    flash.slots[slot][at + 3] ^= 0x01;
    const again = makeSync(new HandTransport(), flash);
    assert.equal(again.view().damaged, 1);
    again.tick(0, true, false);
    assert.equal(again.view().damaged, 1, 'shown until a person has seen it');
    again.retryNow();
    again.tick(20_000, true, false);
    assert.equal(again.view().damaged, 0);
    assert.equal(makeSync(new HandTransport(), flash).view().damaged, 0, 'nor after a boot');
  });

  it('a record made before the first tick: the first tick draws', () => {
    const sync = makeSync(new HandTransport());
    sync.finished('board', log(1), STATE);
    assert.equal(sync.tick(0, true, false), true);
  });

  it('an answer gets 120 s to the microsecond', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    sync.tick(120 * S, true, true);
    assert.equal(tr.cancels, 0);
    assert.equal(sync.view().sending, true);
    sync.tick(120 * S + 1, true, true);
    assert.equal(tr.cancels, 1);
  });

  it('an answer in and its post then timed out during a shot: given up on, the answer dropped at rest', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    tr.answer(201, { stored: true });
    sync.tick(121 * S, false, true);
    sync.tick(121 * S + 20_000, true, true);
    assert.equal(sync.view().queued, 1, 'not acknowledged by an answer to a post given up on');
    assert.match(sync.view().error!, /no answer in 120 s/);
  });

  it('the host\'s work at rest runs at each tick at rest, with its time, and not during a shot', () => {
    const times: number[] = [];
    let s: SyncSettings | null = SETTINGS;
    const sync = new Sync({ storage: new MemoryFlash(), transport: new HandTransport(), digest: nodeDigest, random: { next: () => 0.5 }, settings: { load: () => s, forget: () => void (s = null) }, firmware: 't', atRest: (now) => void times.push(now) });
    sync.tick(0, true, true);
    sync.tick(20_000, false, true);
    sync.tick(40_000, true, false);
    assert.deepEqual(times, [0, 40_000]);
  });

  it('the next match is asked for only with Wi-Fi on and no record on its way; again at once when a match record gets through, not a board record', () => {
    const off = new HandTransport();
    makeSync(off).tick(0, true, false, true);
    assert.equal(off.gets, 0, 'Wi-Fi off: not asked');
    const busy = new HandTransport();
    const b = makeSync(busy);
    b.finished('board', log(1), STATE);
    b.tick(0, true, true, true);
    assert.equal(busy.posted.length, 1);
    assert.equal(busy.gets, 0, 'a record on its way: not asked');
    for (const kind of ['board', 'match'] as const) {
      const tr = new HandTransport();
      const sync = makeSync(tr);
      sync.tick(0, true, true, true);
      assert.equal(tr.gets, 1, 'asked');
      sync.finished(kind, log(1), STATE);
      sync.tick(20_000, true, true, true); // the answer about the next match takes effect
      sync.tick(40_000, true, true, true);
      tr.answer(201, { stored: true });
      sync.tick(60_000, true, true, true);
      assert.equal(tr.gets, kind === 'match' ? 2 : 1, `a ${kind} record acknowledged`);
    }
  });
});

describe('results sync: every change is drawn', () => {
  it('a failure, a resend after Wi-Fi is back, and an answer with Wi-Fi back again: each tick after one draws', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    sync.finished('board', log(1), STATE);
    sync.tick(0, true, true);
    tr.fail('ECONNREFUSED');
    assert.equal(sync.tick(20_000, true, false), true, 'the failure');
    sync.networkUp();
    assert.equal(sync.tick(40_000, true, true), true, 'Wi-Fi back, and the record sent again');
    assert.equal(tr.posted.length, 1);
    tr.fail('ENETUNREACH');
    let t = 60_000;
    sync.tick(t, true, true);
    const posts = (): number => tr.posted.length; // not narrowed by the assertion above
    while (posts() === 0) sync.tick((t += 20_000), true, true);
    tr.answer(201, { stored: true });
    sync.networkUp();
    assert.equal(sync.tick((t += 20_000), true, true), true, 'Wi-Fi back, and the answer');
    assert.equal(sync.view().queued, 0);
  });

  it('the next match offered, or an answer about it refused, with another change: the tick after draws', () => {
    for (const secret of [SECRET, '00'.repeat(32)]) {
      const tr = new HandGetTransport();
      const sync = makeSync(tr);
      sync.tick(0, true, true, true);
      tr.answerGet(200, assignmentText({ table: SETTINGS.table, counter: 5, nonce: tr.nonce(), assignment: ASSIGNED }), secret);
      sync.finished('board', null, STATE);
      assert.equal(sync.tick(20_000, true, false, true), true, secret === SECRET ? 'offered' : 'refused');
      if (secret === SECRET) assert.equal(sync.offer()?.match, ASSIGNED.match);
      else assert.match(sync.view().error!, /^assign: refused/);
    }
  });
});

describe('results sync: shot lines only when still with Wi-Fi on; the outbox copied after an answer', () => {
  const shotPosts = (tr: HandTransport) => tr.posted.filter((p) => p.request.url.endsWith('/api/v1/shots')).length;

  it('a shot\'s lines go once the table is still and Wi-Fi is on, not before', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    sync.matchStarted();
    sync.logGrew(() => log(2));
    sync.tick(0, true, false);
    assert.equal(shotPosts(tr), 0, 'Wi-Fi off');
    sync.tick(20_000, true, true, false, false);
    assert.equal(shotPosts(tr), 0, 'at rest, not yet still');
    sync.tick(40_000, true, true);
    assert.equal(shotPosts(tr), 1, 'still');
  });

  it('no shot lines with no server known, nor for a shot played before the table was set up', () => {
    const tr = new HandTransport();
    const finds: unknown[] = [];
    const sync = new Sync({ storage: new MemoryFlash(), transport: tr, digest: nodeDigest, random: { next: () => 0.5 }, settings: { load: () => ({ ...SETTINGS, server: null }), forget: () => {} }, firmware: 't', finder: { find: (done) => void finds.push(done) } });
    sync.matchStarted();
    sync.logGrew(() => log(2));
    sync.tick(0, true, true);
    assert.equal(tr.posted.length, 0, 'no server known: nothing sent');
    let s: SyncSettings | null = null;
    const later = new Sync({ storage: new MemoryFlash(), transport: tr, digest: nodeDigest, random: { next: () => 0.5 }, settings: { load: () => s, forget: () => void (s = null) }, firmware: 't' });
    later.matchStarted();
    later.logGrew(() => log(2));
    s = SETTINGS;
    later.reload();
    later.tick(0, true, true);
    assert.equal(shotPosts(tr), 0, 'the shot before the setup is not sent');
    later.logGrew(() => log(3));
    later.tick(20_000, true, true);
    assert.equal(shotPosts(tr), 1, 'the next one is');
  });

  it('a shot of a match the server assigned carries its ids', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    sync.tick(0, true, true, true);
    tr.answerGet(200, assignmentText({ table: SETTINGS.table, counter: 5, nonce: tr.nonce(), assignment: ASSIGNED }));
    sync.tick(20_000, true, true, true);
    sync.matchStarted();
    sync.acceptOffer();
    sync.logGrew(() => log(2));
    sync.tick(40_000, true, true);
    const shot = JSON.parse(tr.posted.find((p) => p.request.url.endsWith('/api/v1/shots'))!.body);
    assert.deepEqual([shot.tournament, shot.round, shot.match], [ASSIGNED.tournament, ASSIGNED.round, ASSIGNED.match]);
  });

  it('an answer that leaves an older match\'s record dead copies the outbox\'s live records', () => {
    const tr = new HandTransport();
    const flash = new MemoryFlash();
    const sync = makeSync(tr, flash);
    sync.finished('board', log(300), STATE);
    sync.tick(0, true, true);
    sync.finished('board', `{"carrom":1,"rules":"se","mode":"singles","players":["X","Y"]}\n`, STATE);
    const before = flash.ops.filter((o) => o.kind === 'erase').length;
    tr.answer(201, { stored: true });
    sync.tick(20_000, true, true);
    assert.ok(flash.ops.filter((o) => o.kind === 'erase').length > before, 'copied');
  });
});
