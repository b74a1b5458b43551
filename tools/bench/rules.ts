// Benchmarks of the rules engine: XS operation counts (the worker's meter, which does not drift with
// machine load), XS heap across boards, and Node throughput.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { effectiveEvents, foldEvents, formatEvent, formatHeader, formatLog, start, type LoggedEvent, type State } from '../../src/rules/index.ts';
import { xsScript } from '../build.ts';
import { FIXTURES } from '../fixtures.ts';
import { randomMatch, type RandomMatch } from '../random-match.ts';
import { XsWorker } from '../xs/worker.ts';
import { fmt, max, median, percentile, table } from './stats.ts';

const logText = (m: RandomMatch) => formatLog(m.header, m.events);

/** Node throughput: matches folded untimed before timing, and timed passes over all of them. */
const WARM_UP_MATCHES = 500;
const PASSES = 3;

export async function benchRules(options: { matches?: number } = {}): Promise<string> {
  const xs = new XsWorker();
  await xs.evaluate(await xsScript('tools/xs/rules-entry.ts'));
  let out = '';
  try {
    // Per shot and per match: fold each event alone inside XS ("next"), parsing excluded.
    const logs = readdirSync(FIXTURES).filter((f) => f.endsWith('.jsonl')).map((f) => readFileSync(join(FIXTURES, f), 'utf8'));
    for (let seed = 1; seed <= 40; seed++) logs.push(logText(randomMatch(seed, { maxShots: 600 })));
    const perShot: number[] = [];
    const perEvent: number[] = [];
    const perMatch: number[] = [];
    const perReplay: number[] = [];
    for (const text of logs) {
      await xs.command('load\n' + text);
      let total = 0;
      for (;;) {
        const a = await xs.command('next');
        const kind = a.reply.toString();
        if (kind === 'end') break;
        total += a.meter.compute;
        perEvent.push(a.meter.compute);
        if (kind === 'settle') perShot.push(a.meter.compute);
      }
      perMatch.push(total);
      perReplay.push((await xs.command('replay\n' + text)).meter.compute);
    }
    out += table('Rules engine in XS (compute = XS operations, from the xsnap meter)', [
      ['adjudicated shot (settle), median', fmt(median(perShot)), `over ${fmt(perShot.length)} shots in ${logs.length} matches`],
      ['adjudicated shot, 99th percentile', fmt(percentile(perShot, 99))],
      ['adjudicated shot, worst', fmt(max(perShot)), 'target < 20,000'],
      ['any event, median', fmt(median(perEvent))],
      ['whole match (fold only), median', fmt(median(perMatch))],
      ['whole match (fold only), worst', fmt(max(perMatch))],
      ['carrom replay of a whole log (parse + fold + print), median', fmt(median(perReplay))],
    ]);

    // Heap: stream one long match event by event (nothing kept but the state) and count slots after a GC.
    const long = randomMatch(7, { rules: 'pt-fpc', mode: 'singles', clean: true, options: { matchTarget: 999, maxBoards: null }, maxShots: 3000 });
    await xs.command('start\n' + formatHeader(long.header));
    const heapAt: Record<number, number> = {};
    let boards = 0;
    // Undo is a matter of the log (replay.ts): stream what remains once the undos are applied.
    for (const { event: e } of effectiveEvents(long.events.map((event, i) => ({ event, line: i + 2 })))) {
      const reply = (await xs.command('event\n' + formatEvent(e))).reply.toString().split(' ');
      const done = Number(reply[1]);
      if (done !== boards) {
        boards = done;
        if (boards === 1 || boards === 8 || boards === 16) {
          await xs.evaluate('gc()');
          heapAt[boards] = (await xs.command('summary')).meter.currentHeapCount;
        }
      }
    }
    const final = (await xs.command('summary')).reply.toString();
    const warnings = (JSON.parse(final) as { warnings: unknown[] }).warnings.length;
    out += table(`XS heap (slots in use after a GC), one long match streamed event by event (${warnings} warnings)`, [
      ['after 1 board', fmt(heapAt[1] ?? NaN)],
      ['after 8 boards', fmt(heapAt[8] ?? NaN), `growth ${fmt((heapAt[8] ?? NaN) - (heapAt[1] ?? NaN))} slots (the list of 7 more board results)`],
      ['after 16 boards', fmt(heapAt[16] ?? NaN)],
    ]);
  } finally {
    xs.close();
  }

  // Node: replay many random matches, pre-generated and pre-parsed.
  const n = options.matches ?? 10_000;
  const matches: { initial: State; events: LoggedEvent[] }[] = [];
  for (let seed = 1; seed <= n; seed++) {
    const m = randomMatch(seed, { maxShots: 600 });
    const s0 = start(m.header);
    if (!s0.ok) throw new Error(s0.error);
    matches.push({ initial: s0.value, events: m.events.map((event, i) => ({ event, line: i + 2 })) });
  }
  // Warm-up, untimed: V8 compiles the fold on the first few thousand shots; a cold first pass would
  // count compilation as replay time. Then timed passes over every match, and their median.
  const fold = (list: readonly { initial: State; events: LoggedEvent[] }[]) => list.reduce((shots, m) => shots + foldEvents(m.initial, m.events).shots, 0);
  const warm = Math.min(WARM_UP_MATCHES, n);
  const warmShots = fold(matches.slice(0, warm));
  // Both clocks: the wall clock, and this process's CPU time, which other work on the machine slows
  // far less (on a loaded machine the two differ; the CPU figure is the one to compare across runs).
  const rates: number[] = [];
  const cpuRates: number[] = [];
  let shots = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    shots = fold(matches);
    const cpu = process.cpuUsage(c0);
    rates.push(shots / ((performance.now() - t0) / 1000));
    cpuRates.push(shots / ((cpu.user + cpu.system) / 1e6));
  }
  out += table(`Rules engine in Node ${process.version} (rates vary with the machine; the wall clock with its load too)`, [
    ['random matches replayed (seeds 1 to n, at most 600 shots each)', fmt(n)],
    ['warm-up before timing, untimed', `${fmt(warm)} matches`, `${fmt(warmShots)} shots`],
    ['shots adjudicated per timed pass', fmt(shots), `${PASSES} passes`],
    ['shots per second of CPU time, median of the passes', fmt(median(cpuRates)), `slowest ${fmt(Math.min(...cpuRates))}, fastest ${fmt(max(cpuRates))}; target ≥ 100,000`],
    ['shots per second of wall-clock time, median of the passes', fmt(median(rates)), `slowest ${fmt(Math.min(...rates))}, fastest ${fmt(max(rates))}; load average now ${loadavg()[0].toFixed(1)}`],
  ]);
  return out;
}
