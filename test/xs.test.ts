// The engine in the real XS engine (xsnap-worker from @agoric/xsnap): every fixture log and a set of
// random matches replayed inside XS must print byte for byte what Node prints.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatJson, formatLog, parseLog, publicState, replay } from '../src/rules/index.ts';
import { xsScript } from '../tools/build.ts';
import { randomMatch } from '../tools/random-match.ts';
import { formatTrace, parseTrace, senseTrace } from '../src/sensing/index.ts';
import { generateTrace } from '../model/table/generate.ts';
import { THROAT } from '../model/table/throat.ts';
import { LAYOUTS, NOISE } from '../model/table/noise.ts';
import { XsWorker } from '../tools/xs/worker.ts';
import { FIXTURES } from '../tools/fixtures.ts';
import { makeTable, play } from './helpers/table.ts';
import { CalibrationRun, DROPS, computeCalibration } from '../src/app/install/calibration.ts';
import { STEPS } from '../src/app/install/install.ts';
import type { Reading } from '../src/sensing/types.ts';
import { Physics } from '../hosts/simulator/physics.ts';
import { createHmac, randomBytes } from 'node:crypto';
import { RFC4231 } from './helpers/rfc4231.ts';
import { XS_SETTINGS, syncTranscript } from '../tools/xs/sync-scenario.ts';
import { XS_ASSIGN_SETTINGS, XS_ASSIGN_TIME, assignTranscript } from '../tools/xs/assign-scenario.ts';
import { askText } from '../src/sync/assignment.ts';

function nodeReplay(text: string): string {
  const log = parseLog(text);
  if (!log.ok) return `error\n${log.error.line}: ${log.error.reason}`;
  const state = replay(log.value);
  if (!state.ok) return `error\n${state.error.line}: ${state.error.reason}`;
  return formatJson(publicState(state.value));
}

/** A real XS worker with `entry` loaded, for the tests of one describe block. */
function workerWith(entry: string): XsWorker {
  const xs = new XsWorker();
  before(async () => void (await xs.evaluate(await xsScript(entry))));
  after(() => xs.close());
  return xs;
}

describe('the rules engine in XS', function () {
  const xs = workerWith('tools/xs/rules-entry.ts');

  const logs: [string, string][] = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => [f, readFileSync(join(FIXTURES, f), 'utf8')]);
  for (let seed = 1; seed <= 60; seed++) {
    const m = randomMatch(seed, { chaos: seed % 2 === 0, maxShots: 400 });
    logs.push([`random match ${seed} (${m.header.rules}, ${m.header.mode})`, formatLog(m.header, m.events)]);
  }
  logs.push(['a malformed log', '{"carrom": 1, "rules": "icf", "mode": "singles", "players": ["A", "B"]}\n{"e": "strike", "t": -1}']);
  logs.push(['a bad option', '{"carrom": 1, "rules": "se", "mode": "singles", "players": ["A", "B"], "options": {"maxBoards": 0}}']);

  it('runs in the real engine and reports its meter', async () => {
    const a = await xs.command('replay\n' + logs[0][1]);
    assert.ok(a.meter.compute > 1000, 'XS counted the work');
    assert.ok(a.meter.currentHeapCount > 0);
  });

  for (const [name, text] of logs) {
    it(`${name}: XS prints the same bytes as Node`, async () => {
      const { reply } = await xs.command('replay\n' + text);
      assert.equal(reply.toString('utf8'), nodeReplay(text));
    });
  }
});

describe('the sensing layer in XS', function () {
  const xs = workerWith('tools/xs/sensing-entry.ts');

  /** Senses a trace in XS and in Node, asserts the two match logs are the same, and gives Node's result. */
  async function sameInXs(text: string): Promise<ReturnType<typeof senseTrace>> {
    const parsed = parseTrace(text);
    assert.ok(parsed.ok);
    const node = senseTrace(parsed.value);
    const { reply } = await xs.command('sense\n' + text);
    assert.equal(reply.toString('utf8'), formatLog(node.header, node.events));
    return node;
  }

  const cases = [['high', 'reference'], ['medium', 'no-colour'], ['high', 'one-beam'], ['clean', 'reference']] as const;
  cases.forEach(([noise, layout], i) => {
    const name = `${noise} noise, ${layout} table`;
    it(`${name}: XS writes the same match log as Node`, async () => {
      const m = randomMatch(i + 1, { clean: true, maxShots: 60 });
      const g = generateTrace(m.header, m.events, i + 1, NOISE[noise], LAYOUTS[layout]);
      await sameInXs(formatTrace(g.header, g.readings));
    });
  });

  it('high noise, reference table, with rattles and hangs in the throat (issue 16): XS writes the same match log as Node', async () => {
    const m = randomMatch(5, { clean: true, maxShots: 60 });
    const g = generateTrace(m.header, m.events, 5, NOISE.high, LAYOUTS.reference, { throat: THROAT });
    assert.ok(g.stats.rattles > 0 && g.stats.hangs > 0, JSON.stringify(g.stats));
    await sameInXs(formatTrace(g.header, g.readings));
  });

  it('a lower beam that dies clear mid-match (its edges cut from a generated trace): XS writes the same match log as Node, and the beam is found blind', async () => {
    const m = randomMatch(6, { clean: true, maxShots: 60 });
    const g = generateTrace(m.header, m.events, 6, NOISE.medium, LAYOUTS.reference, { throat: THROAT });
    const lower = (r: Reading) => r.kind === 'beam' && r.pocket === 1 && r.beam === 1;
    const edges = g.readings.filter(lower);
    // The beam dies clear after its third piece: at a clear edge with no other edge of it for 50 ms.
    const quiet = edges.filter((r, i) => r.kind === 'beam' && !r.blocked && (i + 1 === edges.length || edges[i + 1].t - r.t > 50_000));
    const dies = quiet[2].t;
    const readings = g.readings.filter((r) => !(lower(r) && r.t > dies));
    const node = await sameInXs(formatTrace(g.header, readings));
    assert.ok(node.health.some((h) => h.fact === 'blind' && h.channel === 'p1.b'), JSON.stringify(node.health));
  });
});

describe('the whole table app in XS', function () {
  const xs = workerWith('tools/xs/app-entry.ts');

  for (const [fixture, noise] of [['se-singles', 'medium'], ['si-three', 'high']] as const) {
    it(`${fixture} through sensing, rules, view and journal: XS ends where Node ends`, async () => {
      const log = parseLog(readFileSync(join(FIXTURES, `${fixture}.jsonl`), 'utf8'));
      assert.ok(log.ok);
      const g = generateTrace(log.value.header, log.value.events.map((e) => e.event), 3, NOISE[noise], LAYOUTS.reference);
      await xs.command('load\n' + formatTrace(g.header, g.readings));
      while (!(await xs.command('next')).reply.toString().startsWith('end'));
      const inXs = (await xs.command('finish')).reply.toString();
      const t = makeTable(log.value.header);
      play(t, g.readings);
      assert.equal(inXs, formatJson(t.app.state));
      assert.equal(JSON.parse(inXs).match.over, true);
    });
  }

  it('a calibration of simulated drops (noise, speeds, ringing): XS computes what Node computes', async () => {
    const physics = new Physics(9, NOISE.medium);
    const readings: Reading[] = [];
    let t = 1_000_000;
    for (const { pocket, kind } of STEPS) {
      for (let i = 0; i < DROPS; i++) ((readings.push(...physics.drop(t, pocket, kind, { stuck: null, noisy: null, noColour: false })), (t += 400_000)));
    }
    const run = new CalibrationRun(10);
    for (const r of readings) run.reading(r);
    run.advance(t + 1_000_000);
    const inNode = computeCalibration(run.samples, 10);
    assert.equal(run.done, true);
    const inXs = (await xs.command('calibrate\n' + JSON.stringify(readings))).reply.toString();
    assert.equal(inXs, JSON.stringify(inNode));
  });
});

describe('the sync core in XS', function () {
  const xs = workerWith('tools/xs/sync-entry.ts');

  it('HMAC-SHA256: RFC 4231 test cases 1-4, 6, 7 and random keys and messages, as crypto.createHmac', async () => {
    const cases = RFC4231.map((c) => [c.key, c.data] as const).concat(
      Array.from({ length: 20 }, (_, i) => [randomBytes(i * 9), randomBytes(i * 113)] as const),
    );
    for (const [key, data] of cases) {
      const { reply } = await xs.command(`hmac\n${Buffer.from(key).toString('hex')}\n${Buffer.from(data).toString('hex')}`);
      assert.equal(reply.toString(), createHmac('sha256', key).update(data).digest('hex'));
    }
  });

  it('a whole match with sync, a power cut and a flaky server: XS posts what Node posts, signed right', async () => {
    const log = parseLog(readFileSync(join(FIXTURES, 'it-torneo-singles.jsonl'), 'utf8'));
    assert.ok(log.ok);
    const g = generateTrace(log.value.header, log.value.events.map((e) => e.event), 4, NOISE.low, LAYOUTS.reference);
    const trace = parseTrace(formatTrace(g.header, g.readings));
    assert.ok(trace.ok);
    const signed: [Uint8Array, string][] = [];
    const node = syncTranscript(trace.value, (body, sig) => signed.push([body, sig]));
    const inXs = (await xs.command('match\n' + formatTrace(g.header, g.readings))).reply.toString();
    assert.equal(inXs, node);
    assert.match(node, /power cut/);
    assert.match(node, /end: queued 0, refused 0, damaged [0-9]+/);
    assert.ok(signed.length >= 5, `${signed.length} posts`);
    // The shot messages (src/sync/shots.ts) run in XS too: one per shot, most of them answered 200.
    const shots = node.split('\n').filter((l) => /^post \d+: \{"carromShot":1/.test(l));
    assert.ok(shots.length >= 20, `${shots.length} shot messages`);
    assert.ok(shots.filter((l) => l.endsWith('answer 200')).length >= 10);
    for (const [body, sig] of signed) assert.equal(sig, `sha256=${createHmac('sha256', Buffer.from(XS_SETTINGS.secret, 'hex')).update(body).digest('hex')}`);
  });

  it('a tournament match (docs/tournament.md §5): asked, a forged answer refused, started, a power cut, played, the next refused: XS does what Node does', async () => {
    const log = parseLog(readFileSync(join(FIXTURES, 'it-torneo-singles.jsonl'), 'utf8'));
    assert.ok(log.ok);
    const g = generateTrace(log.value.header, log.value.events.map((e) => e.event), 4, NOISE.low, LAYOUTS.reference);
    const text = formatTrace(g.header, g.readings);
    const trace = parseTrace(text);
    assert.ok(trace.ok);
    const node = assignTranscript(trace.value, (body) => createHmac('sha256', Buffer.from(XS_ASSIGN_SETTINGS.secret, 'hex')).update(body).digest('hex'));
    const inXs = (await xs.command('assign\n' + text)).reply.toString();
    assert.equal(inXs, node);
    assert.match(node, /^offered: CLUB OPEN \| R2 T3: ASHA V BEN \| RULES IT-TORNEO \| BREAKS ASHA \| SELECT: START/m);
    assert.match(node, /after a forged answer: CLUB OPEN .*; refused 1, error assign: refused: bad signature/);
    assert.match(node, /started: \{"carrom":1,"rules":"it-torneo","mode":"singles","players":\["ASHA","BEN"\],"breaker":0,"options":\{\}\}; offer none/);
    assert.match(node, /^after a power cut: play$/m);
    const records = node.split('\n').filter((l) => l.startsWith('post /api/v1/records'));
    assert.ok(records.length >= 3, `${records.length} records`);
    for (const r of records) assert.match(r, /"tournament":7,"round":2,"match":118\} sha256=/);
    assert.match(node, /over: true; next: CLUB OPEN \| R3 T3: CLEO V DEV/);
    assert.match(node, /post \/api\/v1\/assignment\/refusal: \{"carromRefusal":1,"table":"hall-3","counter":5,"match":131,"reason":"wrong-table"\} sha256=[0-9a-f]{64}/);
    assert.match(node, /refused: play; queued 0$/);
    // Each ask signed as docs/tournament.md §5.1 says, by the core's HMAC in XS as in Node (the transcripts are equal).
    const asks = [...node.matchAll(/^get \/api\/v1\/assignment nonce ([0-9a-f]{32}) time (\S+) (\S+):/gm)];
    assert.ok(asks.length >= 3, `${asks.length} asks`);
    for (const [, nonce, time, sig] of asks) {
      assert.equal(time, XS_ASSIGN_TIME);
      assert.equal(sig, `sha256=${createHmac('sha256', Buffer.from(XS_ASSIGN_SETTINGS.secret, 'hex')).update(askText(XS_ASSIGN_SETTINGS.table, nonce, time)).digest('hex')}`);
    }
  });
});
