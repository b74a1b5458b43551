// `npm run bench`: every benchmark of the project, as tables. XS figures are operation counts (the
// xsnap meter), which do not drift with machine load; Node figures are wall-clock rates, taken after a
// warm-up. The conditions come first, so that a figure quoted anywhere can be checked against a rerun.
//   npm run bench [-- --quick] [-- SECTION]
//   BENCH_LIVE_FEED=/path: the live section's spectators read that feed instead of /api/v1/events
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { benchRules } from './rules.ts';
import { benchSensing } from './sensing.ts';
import { benchApp } from './app.ts';
import { benchServer } from './server.ts';
import { benchSiege } from './siege.ts';
import { benchStore } from './store.ts';
import { benchSync } from './sync.ts';
import { benchDevice } from './device.ts';
import { benchTournament } from './tournament.ts';
import { benchTournamentServer } from './tournament-server.ts';
import { benchLive, LIVE_FULL, LIVE_QUICK } from './live.ts';

export interface BenchOptions {
  /** Fewer iterations, for a quick look; each section says how many it ran. */
  quick: boolean;
}

/** One part of the bench: prints its own tables, each with its conditions (iterations, inputs). */
export interface Section {
  name: string;
  run(o: BenchOptions): Promise<string>;
}

export const SECTIONS: readonly Section[] = [
  { name: 'rules', run: (o) => benchRules({ matches: o.quick ? 500 : 10_000 }) },
  { name: 'sensing', run: (o) => benchSensing({ shotsPerLevel: o.quick ? 600 : 2_600 }) },
  { name: 'app', run: () => benchApp() },
  { name: 'sync', run: () => benchSync() },
  { name: 'server', run: async (o) => (await benchServer({ seconds: o.quick ? 1.5 : 4 })) + (await benchSiege({ seconds: o.quick ? 5 : 15 })) },
  { name: 'store', run: (o) => benchStore({ rounds: o.quick ? 4 : 12 }) },
  { name: 'device', run: (o) => benchDevice(o.quick ? { matches: 1, shots: 20, independentSpeeds: [400] } : { matches: 6, shots: 40 }) },
  { name: 'tournament', run: (o) => benchTournament({ entrants: 256, rounds: 9, runs: o.quick ? 10 : 50 }) },
  { name: 'tournament-server', run: (o) => benchTournamentServer({ entrants: 256, rounds: 9, runs: o.quick ? 3 : 10 }) },
  { name: 'live', run: (o) => benchLive({ ...(o.quick ? LIVE_QUICK : LIVE_FULL), feed: process.env.BENCH_LIVE_FEED }) },
];

function conditions(o: BenchOptions, names: string[]): string {
  const xsnap = (JSON.parse(readFileSync('node_modules/@agoric/xsnap/package.json', 'utf8')) as { version: string }).version;
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = loadavg().map((l) => l.toFixed(1)).join(' ');
  return [
    `npm run bench${o.quick ? ' -- --quick' : ''}: ${o.quick ? 'quick' : 'full'} run of ${names.join(', ')}`,
    `  Node ${process.version}, @agoric/xsnap ${xsnap}, ${cpu}, ${availableParallelism()} cores, load average ${load} at the start`,
    '',
  ].join('\n');
}

const args = process.argv.slice(2);
const options: BenchOptions = { quick: args.includes('--quick') };
const only = args.filter((a) => !a.startsWith('-'));
const unknown = only.filter((n) => !SECTIONS.some((s) => s.name === n));
if (unknown.length > 0) {
  process.stderr.write(`bench: no section ${unknown.join(', ')} (sections: ${SECTIONS.map((s) => s.name).join(', ')})\n`);
  process.exit(2);
}
const chosen = SECTIONS.filter((s) => only.length === 0 || only.includes(s.name));
process.stdout.write(conditions(options, chosen.map((s) => s.name)));
for (const section of chosen) process.stdout.write(await section.run(options));
