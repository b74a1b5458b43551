// Benchmarks of the sensing layer: accuracy over generated traces at several noise levels (against the
// generator's ground truth), and XS operation counts per edge and per shot.
import { senseTrace } from '../../src/sensing/sense.ts';
import { formatTrace } from '../../src/sensing/trace.ts';
import { xsScript } from '../build.ts';
import { randomMatch } from '../random-match.ts';
import { compare, emptyTally, pct, type Tally } from '../tracegen/accuracy.ts';
import { generateTrace, type GenerateOptions } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE, type Layout, type Noise } from '../../model/table/noise.ts';
import { THROAT } from '../../model/table/throat.ts';
import { XsWorker } from '../xs/worker.ts';
import { fmt, median, percentile, table } from './stats.ts';

function run(noise: Noise, layout: Layout, minShots: number, seed0: number, options: GenerateOptions = {}): { tally: Tally; shots: number; trains: number } {
  const tally = emptyTally();
  let shots = 0;
  let trains = 0;
  // At least `minShots` shots, and enough whole matches for the share of equal final states to mean something.
  for (let seed = seed0; shots < minShots || tally.matches < 8; seed++) {
    const m = randomMatch(seed, { clean: true }); // whole matches, played to their end
    const g = generateTrace(m.header, m.events, seed, noise, layout, options);
    const sensed = senseTrace({ header: g.header, readings: g.readings });
    compare(tally, m.header, g.truth.events, g.physical, sensed.events);
    shots += g.stats.shots;
    trains += g.stats.strikerTrains;
  }
  return { tally, shots, trains };
}

/** Issue 16 §2: every shot that pockets the striker and a man sends them into one pocket touching. */
function strikerTrainRows(perLevel: number): [string, string, string?][] {
  const rows: [string, string, string?][] = [];
  for (const noise of Object.values(NOISE)) {
    const { tally: t, shots, trains } = run(noise, LAYOUTS.reference, perLevel, 1, { strikerTrains: 1 });
    const s = t.byKind.striker;
    rows.push([`${noise.name}: trains, shots, pieces`, `${fmt(trains)}, ${fmt(shots)}, ${fmt(t.truthPieces)}`]);
    rows.push([`${noise.name}: counted, classified`, `${pct(t.counted, t.truthPieces)}, ${pct(t.classified, t.truthPieces)}`, `${pct(t.classifiedReadable, t.readable)} of the readable`]);
    rows.push([`${noise.name}: strikers named (of all strikers)`, `${fmt(s.correct)} of ${fmt(s.truth)}`, `${pct(s.correct, s.truth)}; the rest asked (unknown)`]);
    rows.push([`${noise.name}: named wrongly, phantoms`, `${fmt(t.misclassified)}, ${fmt(t.phantoms)}`, 'target: no phantom']);
    rows.push([`${noise.name}: whole matches equal to truth`, `${t.matchesEqual} of ${t.matches}`]);
  }
  return rows;
}

/** Issue 16's throat (model/table/throat.ts): rattles, hangs of 0.2–5 s, pieces following a hang, on the
 * reference table at each noise level. Its own rows, apart from the table above, so that each situation
 * added to the repertoire can add its own. */
function throatRows(minShots: number): [string, string, string?][] {
  const rows: [string, string, string?][] = [];
  for (const noise of Object.values(NOISE)) {
    const t = emptyTally();
    const seen = { shots: 0, rattles: 0, hangs: 0, follows: 0 };
    for (let seed = 7001; seen.shots < minShots || t.matches < 8; seed++) {
      const m = randomMatch(seed, { clean: true });
      const g = generateTrace(m.header, m.events, seed, noise, LAYOUTS.reference, { throat: THROAT });
      compare(t, m.header, g.truth.events, g.physical, senseTrace({ header: g.header, readings: g.readings }).events);
      seen.shots += g.stats.shots;
      seen.rattles += g.stats.rattles;
      seen.hangs += g.stats.hangs;
      seen.follows += g.stats.follows;
    }
    rows.push([
      `${noise.name}: rattles, hangs, following a hang`,
      `${fmt(seen.rattles)}, ${fmt(seen.hangs)}, ${fmt(seen.follows)}`,
      `${fmt(seen.shots)} shots, ${fmt(t.truthPieces)} pieces`,
    ]);
    rows.push([`${noise.name}: counted / classified of the readable`, `${pct(t.counted, t.truthPieces)} / ${pct(t.classifiedReadable, t.readable)}`]);
    rows.push([`${noise.name}: named wrongly, phantoms`, `${fmt(t.misclassified)}, ${fmt(t.phantoms)}`, 'target: no phantom (a rattle is none)']);
  }
  return rows;
}

export async function benchSensing(options: { shotsPerLevel?: number } = {}): Promise<string> {
  const perLevel = options.shotsPerLevel ?? 2_500;
  let out = '';
  const rows: [string, string, string?][] = [];
  let total = 0;
  for (const noise of Object.values(NOISE)) {
    const { tally: t, shots } = run(noise, LAYOUTS.reference, perLevel, 1);
    total += shots;
    const kinds = (['white', 'black', 'queen', 'striker'] as const)
      .map((k) => `${k} ${pct(t.byKind[k].correct, t.byKind[k].sensed)}/${pct(t.byKind[k].correct, t.byKind[k].truth)}`)
      .join(', ');
    rows.push([`${noise.name}: shots, pieces`, `${fmt(shots)}, ${fmt(t.truthPieces)}`]);
    rows.push([`${noise.name}: counted`, pct(t.counted, t.truthPieces), noise.name === 'high' ? 'target ≥ 99.9 %' : noise.name === 'clean' ? 'target 100 %' : undefined]);
    rows.push([`${noise.name}: classified`, pct(t.classified, t.truthPieces), noise.name === 'high' ? 'target ≥ 99.5 %' : noise.name === 'clean' ? 'target 100 %' : undefined]);
    rows.push([`${noise.name}: classified, of the readable`, pct(t.classifiedReadable, t.truthPieces === 0 ? 0 : t.readable), `${fmt(t.readable)} a perfect reader could name (the generator's judgement)`]);
    rows.push([`${noise.name}: named wrongly, phantoms`, `${fmt(t.misclassified)}, ${fmt(t.phantoms)}`, 'target: no phantom']);
    rows.push([`${noise.name}: precision/recall by kind`, '', kinds]);
    rows.push([`${noise.name}: shot-boundary errors`, `${fmt(t.boundaryErrors)} of ${fmt(t.boundaries)}`]);
    rows.push([`${noise.name}: whole matches equal to truth`, `${t.matchesEqual} of ${t.matches}`]);
  }
  out += table(`Sensing accuracy, reference table (two beams, colour), ${fmt(total)} generated shots`, rows);

  const other: [string, string, string?][] = [];
  for (const name of ['no-colour', 'one-beam', 'one-beam-no-colour']) {
    const { tally: t, shots } = run(NOISE.high, LAYOUTS[name], 600, 5000);
    other.push([`${name}, high noise: counted / classified`, `${pct(t.counted, t.truthPieces)} / ${pct(t.classified, t.truthPieces)}`, `${fmt(shots)} shots; phantoms ${t.phantoms}; matches equal ${t.matchesEqual}/${t.matches}`]);
  }
  out += table('Other tables (classified: named by the sensors alone; the rest a player names)', other);
  out += table('The throat, reference table (issue 16: rattles, hangs of 0.2–5 s, a piece following a hang)', throatRows(Math.round(perLevel / 2)));

  out += table('Striker-and-man trains (issue 16 §2): the striker and a man of one shot into one pocket touching, reference table', strikerTrainRows(Math.round(perLevel / 2)));

  // XS: feed readings one at a time and meter each.
  const xs = new XsWorker();
  try {
    await xs.evaluate(await xsScript('tools/xs/sensing-entry.ts'));
    const perEdge: number[] = [];
    let compute = 0;
    let shots = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const m = randomMatch(seed, { clean: true, maxShots: 150 });
      const g = generateTrace(m.header, m.events, seed, NOISE.high, LAYOUTS.reference);
      await xs.command('load\n' + formatTrace(g.header, g.readings));
      for (;;) {
        const a = await xs.command('next');
        const kind = a.reply.toString();
        compute += a.meter.compute;
        if (kind === 'beam') perEdge.push(a.meter.compute);
        if (kind.startsWith('end')) break;
      }
      shots += g.stats.shots;
    }
    out += table('Sensing in XS (compute = XS operations), high-noise traces', [
      ['per beam edge, median', fmt(median(perEdge))],
      ['per beam edge, 99th percentile', fmt(percentile(perEdge, 99))],
      ['per shot (all readings of a shot)', fmt(compute / shots), `${fmt(shots)} shots, ${fmt(perEdge.length)} edges`],
    ]);
  } finally {
    xs.close();
  }
  return out;
}
