// `npm run bench -- device`: the firmware of this tree (hosts/device's own board and app) through the
// device model (model/device, docs/device-model.md) in XS, over generated matches at each noise level,
// for a sweep of XS speeds (operations per ms, the model's one unmeasured figure): pieces counted and
// classified, phantoms, the strike time's error, the worst wait of JavaScript work and the queue's
// high-water mark; and the slowest speed from which the sensing targets hold at every faster one. The firmware decides
// which design runs: colour and strips read natively once its board.ts opens the sampler (interface 2).
// This file chooses the traces and speeds and prints the tables; a run through the device and the
// comparisons of its log are device-runs.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { formatTrace, parseTrace } from '../../src/sensing/trace.ts';
import { senseTrace } from '../../src/sensing/index.ts';
import { FIGURES } from '../../model/device/figures.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { THROAT } from '../../model/table/throat.ts';
import { DeviceModel, FIRMWARE_CAPTURE, type DeviceRunOptions } from '../device/xs.ts';
import { randomMatch } from '../random-match.ts';
import { compare, emptyTally, pct } from '../tracegen/accuracy.ts';
import { describeFaults, independentTraces, judge, type Judgement } from '../../test/helpers/independent.ts';
import { fmt, max, median, table } from './stats.ts';
import { alike, deviceRun, meets, pureLog, strikeErrors, THIS_TREE, type Cell } from './device-runs.ts';

export const SPEEDS = Object.freeze([250, 500, 1000, 1500, 3000, 6000]);

/** The speeds the independent traces run at (issue 30: the assumed 1,000, the likelier 400, and 250). */
export const INDEPENDENT_SPEEDS = Object.freeze([250, 400, 1000]);

export async function benchDevice(o: { matches: number; shots: number; speeds?: readonly number[]; independentSpeeds?: readonly number[] }): Promise<string> {
  const speeds = o.speeds ?? SPEEDS;
  const model = new DeviceModel();
  let out = '';
  try {
    // The capture driver this tree's C is; 'today' and 'fixed' differ only once a post is refused, which
    // the rows count (test/model/defects.test.ts shows what one refusal does to each).
    const configs: { name: string; options: Omit<DeviceRunOptions, 'opsPerMs'> }[] = [
      { name: `capture '${FIRMWARE_CAPTURE}' (this tree's capture.c)`, options: THIS_TREE },
    ];
    // The traces: whole short matches, the same for every speed and design.
    const traces = Object.values(NOISE).map((noise) => ({
      noise,
      matches: Array.from({ length: o.matches }, (_, i) => {
        const seed = 100 + i;
        const m = randomMatch(seed, { clean: true, maxShots: o.shots });
        const g = generateTrace(m.header, m.events, seed, noise, LAYOUTS.reference);
        return { m, g, text: formatTrace(g.header, g.readings), pure: pureLog(g) };
      }),
    }));
    for (const config of configs) {
      const rows: [string, string, string?][] = [];
      const slowest: [string, string, string?][] = [];
      const longest: [string, string, string?][] = [];
      let native = false;
      for (const { noise, matches } of traces) {
        const held: boolean[] = [];
        // The pure path on the same traces, beside the device's rows (issue 30: the same figures on both).
        const pure = emptyTally();
        for (const { m, g, pure: sensed } of matches) compare(pure, m.header, g.truth.events, g.physical, sensed);
        rows.push([`${noise.name}, pure path`, `${pct(pure.counted, pure.truthPieces)} / ${pct(pure.classified, pure.truthPieces)} / ${pure.phantoms}`, '`carrom sense`: the sensing layer on the trace itself']);
        for (const speed of speeds) {
          const c: Cell = { tally: emptyTally(), shots: 0, strikeErrors: [], missedStrikes: 0, worstLatencyMs: 0, worstWhat: '', longest: { us: 0, what: '', ops: 0, blockedUs: 0 }, queueHigh: 0, lostEdges: 0, refused: 0, native: false };
          let unlike = 0;
          for (const { m, g, text, pure: sensedPure } of matches) {
            const { r, sensed } = await deviceRun(model, text, { ...config.options, opsPerMs: speed });
            compare(c.tally, m.header, g.truth.events, g.physical, sensed);
            unlike += alike(sensedPure, sensed).unlike;
            const s = strikeErrors(g.truth.events, sensed);
            c.strikeErrors.push(...s.errors);
            c.missedStrikes += s.missed;
            c.shots += g.stats.shots;
            if (r.stats.worstLatencyUs / 1000 > c.worstLatencyMs) ((c.worstLatencyMs = r.stats.worstLatencyUs / 1000), (c.worstWhat = r.stats.worstLatencyWhat));
            if (r.stats.worstHandlerUs > c.longest.us) c.longest = { us: r.stats.worstHandlerUs, ...r.stats.worstHandler };
            c.queueHigh = Math.max(c.queueHigh, r.stats.queueHigh);
            c.lostEdges += r.lostEdges;
            c.refused += r.refusedPosts;
            c.native = r.native;
          }
          native = c.native;
          const t = c.tally;
          const abs = c.strikeErrors.map(Math.abs);
          const within = abs.filter((e) => e <= 10).length;
          rows.push([
            `${noise.name}, ${fmt(speed)} ops/ms`,
            `${pct(t.counted, t.truthPieces)} / ${pct(t.classified, t.truthPieces)} / ${t.phantoms}`,
            `${fmt(unlike)} unlike the pure path; strike ${abs.length ? `${fmt(median(abs), 1)}/${fmt(max(abs), 1)} ms, ${pct(within, abs.length + c.missedStrikes)} ≤ 10 ms` : '—'}; wait ≤ ${fmt(c.worstLatencyMs, 1)} ms (${c.worstWhat}); queue ≤ ${c.queueHigh}, ${c.refused} refused${c.lostEdges ? `, ${c.lostEdges} edges lost` : ''}`,
          ]);
          if (speed === FIGURES.opsPerMs || (speeds.indexOf(FIGURES.opsPerMs) < 0 && speed === speeds[0]))
            longest.push([`${noise.name}, ${fmt(speed)} ops/ms`, `${fmt(c.longest.us / 1000, 1)} ms`, `a ${c.longest.what} handler: ${fmt(c.longest.ops)} XS operations, ${fmt(c.longest.blockedUs / 1000, 1)} ms waiting on flash and I²C`]);
          held.push(meets(noise, c));
        }
        // The slowest speed from which every faster one holds too: a speed that holds below one that does
        // not (high noise held at 250 ops/ms and not at 500 or 1,000) says nothing of a faster table.
        let best: number | null = null;
        for (let i = speeds.length - 1; i >= 0 && held[i]; i--) best = speeds[i];
        const pieces = matches.reduce((n, x) => n + x.g.physical.length, 0);
        slowest.push([noise.name, best === null ? 'none' : `${fmt(best)} ops/ms`, `of ${speeds.map((s) => fmt(s)).join(', ')}; ${fmt(pieces)} pieces`]);
      }
      const design = native ? 'colour and strips by the native sampler' : "colour read and strips polled by JavaScript (this tree's board.ts)";
      out += table(
        `Device model, ${config.name}, ${design}: counted / classified / phantoms, per noise level and XS speed (${o.matches} matches of ≤ ${o.shots} shots each)`,
        rows,
      );
      out += '  unlike the pure path: pieces the device logged that `carrom sense` does not log alike (kind, pocket, ms);\n';
      out += '  strike: |sensed − true| median/worst, and the share within 10 ms (hardware.md); wait: the longest a message\n  or a due Timer waited for JavaScript (what it was); queue: the most messages waiting at once\n';
      out += table('  the longest JavaScript handler', longest);
      out += table(`  the slowest speed from which the sensing targets hold at every faster speed (assumed ESP32 speed: ${fmt(FIGURES.opsPerMs)} ops/ms)`, slowest);
    }
    out += await situationRows(model, o);
    out += await handWrittenRows(model, speeds);
    out += await independentRows(model, o.independentSpeeds ?? INDEPENDENT_SPEEDS);
  } finally {
    model.close();
  }
  return out;
}

/** Issue 16's situations through the device, at the assumed XS speed: rattles, hangs of 0.2–5 s and a
 * piece following a hang (a hang holds the gate's ring and its colour sampling), and the striker touching
 * a man into one pocket (one long pulse, whose pieces the sampler reads). */
async function situationRows(model: DeviceModel, o: { matches: number; shots: number }): Promise<string> {
  const rows: [string, string, string?][] = [];
  const situations = [
    { name: 'throat', options: { throat: THROAT } },
    { name: 'trains', options: { strikerTrains: 1 } },
    { name: 'men trains', options: { menTrains: 1, readingsAnywhere: true } },
  ] as const;
  for (const situation of situations) {
    for (const noise of Object.values(NOISE)) {
      const t = emptyTally();
      const seen = { rattles: 0, hangs: 0, follows: 0, trains: 0 };
      const pure = emptyTally();
      let unlike = 0;
      for (let i = 0; i < o.matches; i++) {
        const seed = 100 + i;
        const m = randomMatch(seed, { clean: true, maxShots: o.shots });
        const g = generateTrace(m.header, m.events, seed, noise, LAYOUTS.reference, situation.options);
        const { sensed } = await deviceRun(model, formatTrace(g.header, g.readings), { ...THIS_TREE, opsPerMs: FIGURES.opsPerMs });
        compare(t, m.header, g.truth.events, g.physical, sensed);
        const sensedPure = pureLog(g);
        compare(pure, m.header, g.truth.events, g.physical, sensedPure);
        unlike += alike(sensedPure, sensed).unlike;
        seen.rattles += g.stats.rattles;
        seen.hangs += g.stats.hangs;
        seen.follows += g.stats.follows;
        seen.trains += situation.name === 'men trains' ? g.stats.menTrains : g.stats.strikerTrains;
      }
      const what = situation.name === 'throat' ? `${seen.rattles} rattles, ${seen.hangs} hangs, ${seen.follows} following` : `${seen.trains} trains`;
      rows.push([
        `${situation.name}, ${noise.name}`,
        `${pct(t.counted, t.truthPieces)} / ${pct(t.classifiedReadable, t.readable)} / ${t.phantoms}`,
        `${fmt(t.truthPieces)} pieces (${what}), ${fmt(t.misclassified)} named wrongly; pure path ${pct(pure.counted, pure.truthPieces)} / ${pct(pure.classifiedReadable, pure.readable)} / ${pure.phantoms}, ${fmt(unlike)} unlike it`,
      ]);
    }
  }
  return table(
    `  issue 16's and 30's situations on the device at ${fmt(FIGURES.opsPerMs)} ops/ms (${o.matches} matches of ≤ ${o.shots} shots each): counted / classified of the readable / phantoms`,
    rows,
  );
}

/** The traces written by hand from the format's contract (test/fixtures/traces, issue 30), through both
 * paths at every speed: the device's pieces alike the pure path's (kind, pocket, ms). */
async function handWrittenRows(model: DeviceModel, speeds: readonly number[]): Promise<string> {
  const dir = 'test/fixtures/traces';
  const files = readdirSync(dir).filter((f) => f.endsWith('.trace.jsonl')).sort();
  const traces = files.map((f) => {
    const text = readFileSync(`${dir}/${f}`, 'utf8');
    const parsed = parseTrace(text);
    if (!parsed.ok) throw new Error(`bench device: ${dir}/${f}: ${parsed.error.line}: ${parsed.error.reason}`);
    return { f, text, pure: senseTrace(parsed.value).events };
  });
  const rows: [string, string, string?][] = [];
  for (const speed of speeds) {
    let same = 0;
    let pieces = 0;
    const unlike: string[] = [];
    for (const t of traces) {
      const { sensed } = await deviceRun(model, t.text, { ...THIS_TREE, opsPerMs: speed }, t.f);
      const a = alike(t.pure, sensed);
      same += a.same;
      pieces += a.pieces;
      if (a.same < a.pieces) unlike.push(t.f.replace('.trace.jsonl', ''));
    }
    rows.push([`${fmt(speed)} ops/ms`, `${fmt(same)} of ${fmt(pieces)} pieces alike`, unlike.length ? `unlike in ${unlike.join(', ')}` : 'every piece alike']);
  }
  return table(`  traces written by hand (${dir}, ${traces.length} traces): the device path against the pure path (\`carrom sense\`)`, rows);
}

/** The independent traces (test/fixtures/independent: 12 whole matches, 3 per noise level, and the
 * situations, written from the format's contract with physics of their own, issue 30) against their truth,
 * through the pure path and the device path at each speed: counted, named right (of the pieces a reading
 * shows), named as the pure path, phantoms, and whole traces exactly right. */
export async function independentRows(model: DeviceModel, speeds: readonly number[]): Promise<string> {
  const traces = independentTraces().map((t) => {
    const text = readFileSync(t.path, 'utf8');
    const parsed = parseTrace(text);
    if (!parsed.ok) throw new Error(`bench device: ${t.path}: ${parsed.error.line}: ${parsed.error.reason}`);
    const pure = senseTrace(parsed.value).events;
    return { ...t, text, pure, pureJudged: judge(t.truth, pure) };
  });
  type Sum = { pieces: number; counted: number; readable: number; named: number; asPure: number; phantoms: number; exact: number; traces: number };
  const empty = (): Sum => ({ pieces: 0, counted: 0, readable: 0, named: 0, asPure: 0, phantoms: 0, exact: 0, traces: 0 });
  const add = (s: Sum, j: Judgement, asPure: number) => {
    s.pieces += j.pieces;
    s.counted += j.counted;
    s.readable += j.readable;
    s.named += j.namedReadable;
    s.asPure += asPure;
    s.phantoms += j.phantoms.length;
    s.exact += j.exact ? 1 : 0;
    s.traces++;
  };
  const cell = (s: Sum, withPure: boolean) =>
    `${pct(s.counted, s.pieces)} counted, ${pct(s.named, s.readable)} named right${withPure ? `, ${pct(s.asPure, s.pieces)} as the pure path` : ''}, ${s.phantoms} phantoms, ${s.exact} of ${s.traces} exact`;
  const groups = (t: { whole: boolean; truth: { level: string } }) => (t.whole ? `whole matches, ${t.truth.level}` : 'situations');
  const sums = new Map<string, Sum>();
  const sum = (k: string) => sums.get(k) ?? (sums.set(k, empty()), sums.get(k)!);
  const perTrace: [string, string, string?][] = [];
  const faults: string[] = [];
  for (const t of traces) add(sum(`${groups(t)} | pure`), t.pureJudged, t.pureJudged.pieces);
  for (const t of traces) {
    const parts = [`pure ${t.pureJudged.counted}/${t.pureJudged.pieces}, ${t.pureJudged.namedReadable}/${t.pureJudged.readable} named, ${t.pureJudged.phantoms.length} ph${t.pureJudged.exact ? ' ✓' : ''}`];
    for (const l of describeFaults(`${t.name}, pure path`, t.pureJudged)) faults.push(l);
    for (const speed of speeds) {
      const { sensed } = await deviceRun(model, t.text, { ...THIS_TREE, opsPerMs: speed }, t.name);
      const j = judge(t.truth, sensed);
      const a = alike(t.pure, sensed);
      add(sum(`${groups(t)} | ${speed}`), j, a.same);
      parts.push(`${fmt(speed)}: ${j.counted}, ${j.namedReadable}, ${a.pieces - a.same} unlike, ${j.phantoms.length} ph${j.exact ? ' ✓' : ''}`);
      for (const l of describeFaults(`${t.name}, ${fmt(speed)} ops/ms`, j)) faults.push(l);
    }
    perTrace.push([t.name, parts[0], parts.slice(1).join('; ')]);
  }
  const rows: [string, string, string?][] = [];
  const keys = [...new Set(traces.map(groups))];
  for (const k of keys) {
    rows.push([`${k}, pure path`, cell(sum(`${k} | pure`), false)]);
    for (const speed of speeds) rows.push([`${k}, ${fmt(speed)} ops/ms`, cell(sum(`${k} | ${speed}`), true)]);
  }
  const whole = (path: string) => keys.filter((k) => k.startsWith('whole')).reduce((n, k) => n + sum(`${k} | ${path}`).exact, 0);
  const wholeCount = traces.filter((t) => t.whole).length;
  rows.push(['whole matches exactly right', [`pure ${whole('pure')} of ${wholeCount}`, ...speeds.map((s) => `${fmt(s)} ops/ms ${whole(String(s))} of ${wholeCount}`)].join('; ')]);
  let out = table(`  independent traces (${INDEPENDENT_DIR_NOTE}, ${traces.length} traces): each path against the truth`, rows);
  out += table('  per trace: pure path counted/pieces, named right/readable, phantoms (✓ exactly right); then at each speed: counted, named right, unlike the pure path, phantoms', perTrace);
  out += faults.length ? `  what either path got wrong:\n${faults.map((f) => `    ${f}`).join('\n')}\n` : '  neither path got anything wrong\n';
  return out;
}

const INDEPENDENT_DIR_NOTE = 'test/fixtures/independent';
