// Results sync in the whole table: a match played from sensor readings, with power cuts between boards
// and just after the journal forgot the early boards. Every record must carry the whole log the table
// wrote up to then, replay to its stated state, and count on without reuse.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { formatHeader, formatLog, parseLog, publicState, replay } from '../../src/rules/index.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { SimTable } from '../../hosts/simulator/table.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { AckTransport, HandTransport, SETTINGS, makeSync } from '../helpers/sync.ts';
import { ManualClock, MemoryFlash, play } from '../helpers/table.ts';
import { TableApp, type SyncPort } from '../../src/app/app.ts';
import { boardsDone } from '../../src/sync/sync.ts';
import { CALIBRATION } from '../../model/table/noise.ts';
import { randomMatch } from '../../tools/random-match.ts';
import type { TransportPort } from '../../src/sync/ports.ts';

function fixture(name: string) {
  const log = parseLog(readFileSync(`test/fixtures/matches/${name}.jsonl`, 'utf8'));
  assert.ok(log.ok);
  const header = log.value.header;
  return { header, readings: generateTrace(header, log.value.events.map((e) => e.event), 5, NOISE.low, LAYOUTS.reference).readings };
}

/** Plays the readings one by one; `cut` says, at rest before the striker is placed for the next shot,
 * whether the power goes now (a cut then loses nothing the log has, nor a placed striker). */
function playWithCuts(sim: SimTable, readings: readonly Reading[], cut: (boardsDone: number, settles: number) => boolean, callBetweenBoards = false): number {
  let shift = 0;
  let cuts = 0;
  let seen = sim.events.length;
  let boards = 0;
  for (const r0 of readings) {
    const t = r0.t + shift;
    sim.advanceTo(t - 1);
    const settled = sim.events.slice(seen).some((e) => e.e === 'settle');
    if (settled && r0.kind === 'strip' && r0.mm !== null && sim.app.atRest) {
      seen = sim.events.length;
      const s = sim.app.state;
      const done = s.match.boards.length + 1000 * s.match.games.length;
      if (callBetweenBoards && done !== boards && !s.match.over) {
        // A call after the board's record and before the next board's first strike: the log grows
        // past the last record, then the journal compacts; the outbox must archive those lines.
        sim.call({ call: 'placed' });
        sim.advanceTo(sim.now + 1_500_000);
        shift += 1_500_000;
      }
      boards = done;
      if (cut(s.match.boards.length + 1000 * s.match.games.length, s.shots)) {
        sim.powerCut();
        cuts++;
        shift += 600_000;
      }
    }
    sim.readings([{ ...r0, t: r0.t + shift } as Reading]);
    sim.advanceTo(r0.t + shift);
  }
  sim.advanceTo(sim.now + 10_000_000);
  return cuts;
}

const noT = (log: string) => log.replace(/,"t":\d+/g, '');
const game = (s: { match: unknown; board: unknown }) => JSON.stringify({ match: s.match, board: s.board });

function checkRecords(bodies: string[], wholeLog: string): { counter: number; kind: string; log: string }[] {
  const records = bodies.map((b) => JSON.parse(b) as { counter: number; kind: string; log: string; state: { match: unknown; board: unknown } });
  for (const r of records) {
    assert.ok(wholeLog.startsWith(r.log), `record ${r.counter}: its log is what the table wrote up to then`);
    const parsed = parseLog(r.log);
    assert.ok(parsed.ok, `record ${r.counter}'s log parses`);
    const s = replay(parsed.value);
    assert.ok(s.ok);
    assert.equal(game(r.state), game(publicState(s.value)), `record ${r.counter} replays to its state`);
    assert.equal(JSON.stringify(r.state), JSON.stringify(publicState(s.value)), `record ${r.counter}: exactly`);
  }
  const counters = records.map((r) => r.counter);
  assert.deepEqual(counters, [...counters].sort((a, b) => a - b), 'counters increase');
  assert.equal(new Set(counters).size, counters.length, 'never reused');
  return records;
}

function sim(header: ReturnType<typeof fixture>['header'], transport: TransportPort): SimTable {
  return new SimTable({ match: header, seed: 2, sync: { settings: SETTINGS, transport } });
}

describe('results sync in the table app', () => {
  const m = fixture('it-torneo-singles');

  it('a match with power cuts between boards and after each compaction: every record has the whole log', () => {
    const clean = new AckTransport();
    const a = sim(m.header, clean);
    playWithCuts(a, m.readings, () => false);
    assert.equal(a.app.state.match.over, true);
    const uncut = checkRecords(clean.bodies, a.logText());

    // Cuts at each board's end; or after the first shot of each new board, when the journal has just
    // compacted and the early boards are only in the outbox.
    const withCalls = new AckTransport();
    const c = sim(m.header, withCalls);
    playWithCuts(c, m.readings, () => false, true);
    const uncutWithCalls = checkRecords(withCalls.bodies, c.logText());
    assert.ok(c.logText().includes('"call":"placed"'));
    for (const pattern of ['at board ends', 'after compactions', 'after compactions, a call between boards'] as const) {
      const tr = new AckTransport();
      const b = sim(m.header, tr);
      const calls = pattern.endsWith('between boards');
      const expected = calls ? uncutWithCalls : uncut;
      let lastBoards = 0;
      let boardShots = -1;
      const cuts = playWithCuts(b, m.readings, (boards, shots) => {
        if (boards !== lastBoards) {
          lastBoards = boards;
          boardShots = shots;
          return pattern === 'at board ends';
        }
        return pattern !== 'at board ends' && shots === boardShots + 1;
      }, calls);
      assert.ok(cuts >= 2, `${pattern}: ${cuts} power cuts`);
      assert.equal(b.app.state.match.over, true);
      const whole = b.logText();
      assert.equal(b.app.fullLog(), whole, `${pattern}: after all those cuts the app still has the whole log`);
      const records = checkRecords(tr.bodies, whole);
      assert.equal(records.length, expected.length, `${pattern}: one record per board, and the match`);
      assert.deepEqual(records.map((r) => r.kind), expected.map((r) => r.kind));
      assert.equal(records[records.length - 1].kind, 'match');
      assert.equal(records[records.length - 1].log, whole);
      // The same match, cut or not: the same logs but for the times (a reboot adds a second).
      assert.deepEqual(records.map((r) => noT(r.log)), expected.map((r) => noT(r.log)));
      assert.equal(b.sync!.view().queued, 0);
    }
  });

  it('offline for a whole match with power cuts: the outbox keeps the newest record, and sends it when Wi-Fi is back', () => {
    const tr = new HandTransport();
    const s = sim(m.header, tr);
    s.setWifi(false);
    let last = 0;
    playWithCuts(s, m.readings, (boards) => (boards !== last ? ((last = boards), true) : false));
    assert.equal(tr.posted.length, 0);
    const queued = s.sync!.outbox.queued();
    assert.deepEqual(queued.map((e) => e.kind), ['board', 'match'], 'older board records of the same log were dropped: the last board\'s holds them all');
    for (const e of queued) assert.equal(JSON.parse(s.sync!.outbox.bodyText(e)).log, s.logText());
    assert.match(JSON.stringify(s.app.screen()), /"sync":\{"queued":2/);
    s.setWifi(true);
    for (let i = 0; i < 2; i++) {
      s.advanceTo(s.now + 100_000);
      assert.equal(tr.posted.length, 1);
      tr.answer(201, { stored: true });
    }
    s.advanceTo(s.now + 100_000);
    assert.equal(s.sync!.view().queued, 0);
  });

  it('no record is made, and no request starts, while a shot is in progress', () => {
    const tr = new HandTransport();
    const s = sim(m.header, tr);
    let during = 0;
    const post = tr.post.bind(tr);
    tr.post = (req, done) => {
      if (!s.app.atRest) during++;
      post(req, done);
    };
    const answerAll = () => {
      while (tr.posted.length) tr.answer(201, { stored: true });
    };
    for (const r of m.readings) {
      s.readings([r]);
      s.advanceTo(r.t);
      answerAll();
    }
    s.advanceTo(s.now + 10_000_000);
    answerAll();
    s.advanceTo(s.now + 100_000);
    assert.equal(during, 0);
    assert.equal(s.sync!.view().queued, 0);
  });

  it('the app tells sync of each shot\'s start as it happens, before any tick of the shot', () => {
    const real = makeSync(new HandTransport());
    const calls: string[] = [];
    const port: SyncPort = {
      restoreLog: (h, l) => real.restoreLog(h, l),
      matchStarted: () => real.matchStarted(),
      resume: (l, st) => real.resume(l, st),
      keepLog: (l) => real.keepLog(l),
      finished: (k, l, st) => real.finished(k, l, st),
      logGrew: (l) => real.logGrew(l),
      tick: (now, atRest, on) => (calls.push(atRest ? 'rest' : 'shot'), real.tick(now, atRest, on)),
      shotStarted: () => (calls.push('start'), real.shotStarted()),
      offer: () => real.offer(),
      acceptOffer: () => real.acceptOffer(),
      refuseOffer: () => real.refuseOffer(),
      view: () => real.view(),
      retryNow: () => real.retryNow(),
      networkUp: () => real.networkUp(),
      forget: () => real.forget(),
      openSetup: () => real.openSetup(),
      closeSetup: () => real.closeSetup(),
    };
    const clock = new ManualClock();
    let strikes = 0;
    const observer = { event: (e: { e: string }) => void (e.e === 'strike' && strikes++) };
    const app = new TableApp({ clock, display: { show: () => {} }, storage: new MemoryFlash(), sync: port, table: { beamGapMm: 10, calibration: CALIBRATION }, defaultMatch: m.header, observer });
    play({ app, clock, flash: new MemoryFlash(), shown: [] }, m.readings);
    assert.ok(strikes > 10);
    assert.equal(calls.filter((c) => c === 'start').length, strikes, 'once a shot');
    const squeezed = calls.filter((c, i) => c !== calls[i - 1]);
    for (let i = 1; i < squeezed.length; i++) if (squeezed[i] === 'shot') assert.equal(squeezed[i - 1], 'start', `tick ${i} of a shot came before its start was told`);
  });

  it('a new match after a finished one: its records start a new log and count on', () => {
    const tr = new AckTransport();
    const s = sim(m.header, tr);
    playWithCuts(s, m.readings, () => false);
    const n = tr.bodies.length;
    s.app.newMatch({ ...m.header, players: ['Cleo', 'Dev'] });
    s.powerCut();
    const again = fixture('it-torneo-singles');
    playWithCuts(s, again.readings.map((r) => ({ ...r, t: r.t + s.now + 1_000_000 }) as Reading), () => false);
    const second = tr.bodies.slice(n).map((b) => JSON.parse(b));
    assert.ok(second.length > 1);
    const newHeader = `${formatHeader({ ...m.header, players: ['Cleo', 'Dev'] })}\n`;
    assert.ok(second.every((r) => r.log.startsWith(newHeader)), 'every record of the new match carries its own header');
    assert.equal(second[0].counter, JSON.parse(tr.bodies[n - 1]).counter + 1);
    assert.match(second[0].log, /"players":\["Cleo","Dev"\]/);
    assert.equal(second[second.length - 1].log, formatLog(s.header, s.events));
  });
});

describe('results sync over random matches', () => {
  for (const seed of [1, 3, 4, 6]) {
    it(`random match ${seed}: cut after every compaction, the records are those of the uncut match`, function () {
      this.timeout(60_000);
      const rm = randomMatch(seed, { clean: true, maxShots: 400 });
      const readings = generateTrace(rm.header, rm.events, seed, NOISE.low, LAYOUTS.reference).readings;
      const clean = new AckTransport();
      const a = sim(rm.header, clean);
      playWithCuts(a, readings, () => false);
      const uncut = checkRecords(clean.bodies, a.logText());
      const tr = new AckTransport();
      const b = sim(rm.header, tr);
      let last = 0;
      let at = -1;
      const cuts = playWithCuts(b, readings, (boards, shots) => (boards !== last ? ((last = boards), (at = shots), false) : shots === at + 1));
      assert.ok(uncut.length >= 1 && cuts >= 1, `${uncut.length} records, ${cuts} cuts`);
      const records = checkRecords(tr.bodies, b.logText());
      assert.deepEqual(records.map((r) => [r.kind, noT(r.log)]), uncut.map((r) => [r.kind, noT(r.log)]), `${rm.header.rules} ${rm.header.mode}`);
      if (b.app.state.match.over) assert.equal(records[records.length - 1].kind, 'match');
    });
  }
});

describe('results sync: a power cut at every write of a whole match, the journal\'s and the outbox\'s', () => {
  it('every reboot has the whole log the journal committed, and it replays to the restored state', function () {
    this.timeout(120_000);
    const m = fixture('it-torneo-singles');
    const journal = new MemoryFlash();
    const outbox = new MemoryFlash();
    // One order for the writes of both areas, as the power sees them.
    const order: { area: 'journal' | 'outbox'; index: number }[] = [];
    journal.onWrite = () => void order.push({ area: 'journal', index: journal.ops.length - 1 });
    outbox.onWrite = () => void order.push({ area: 'outbox', index: outbox.ops.length - 1 });
    const boot = (j: MemoryFlash, o: MemoryFlash) => {
      const clock = new ManualClock();
      const sync = makeSync(new HandTransport(), o);
      const app = new TableApp({ clock, display: { show: () => {} }, storage: j, sync, table: { beamGapMm: 10, calibration: CALIBRATION }, defaultMatch: m.header });
      return { app, clock, sync, flash: j, shown: [] };
    };
    const t = boot(journal, outbox);
    play(t, m.readings);
    const whole = t.app.fullLog()!;
    assert.equal(whole, t.app.fullLog());
    assert.ok(order.filter((w) => w.area === 'outbox').length >= 6, 'the outbox was written during the match');
    let reboots = 0;
    for (let g = 0; g <= order.length; g++) {
      const w = order[g];
      // Whole writes up to g; and for the outbox's own writes, also torn in the middle.
      const op = w?.area === 'outbox' ? outbox.ops[w.index] : null;
      const torn = op && op.kind === 'append' ? [0, op.bytes.length >> 1] : [0];
      for (const bytes of torn) {
        const before = order.slice(0, g);
        const jn = before.filter((x) => x.area === 'journal').length;
        const on = before.filter((x) => x.area === 'outbox').length;
        const j = MemoryFlash.cutAt(journal.ops, jn, w?.area === 'journal' ? bytes : 0);
        const o = MemoryFlash.cutAt(outbox.ops, on, w?.area === 'outbox' ? bytes : 0);
        const r = boot(j, o);
        const log = r.app.fullLog();
        assert.ok(log !== null, `cut before write ${g} (${w?.area}), ${bytes} bytes in: the log's start is lost`);
        assert.ok(whole.startsWith(log), `cut before write ${g}: the log is the match's, so far`);
        const parsed = parseLog(log);
        assert.ok(parsed.ok);
        const s = replay(parsed.value);
        assert.ok(s.ok);
        assert.equal(game(publicState(s.value)), game(r.app.state), `cut before write ${g}: the log replays to the state the app restored`);
        // Every board that ended, and the match if it did, has its record (made at boot if a cut came
        // between the journal's write of the last shot and the record's).
        const done = boardsDone(r.app.state);
        if (done > 0) {
          const latest = r.sync.outbox.latest();
          assert.deepEqual(latest && { boards: latest.boards, over: latest.over, log: latest.log }, { boards: done, over: r.app.state.match.over, log: latest && log.startsWith(latest.log) ? latest.log : 'the log of this match' }, `cut before write ${g}: the records went as far as the match`);
        }
        reboots++;
      }
    }
    assert.ok(reboots > 60, `${reboots} reboots`);
  });
});
