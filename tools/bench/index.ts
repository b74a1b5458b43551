// `npm run bench`: every benchmark of the project, as tables. XS figures are operation counts, which
// do not drift with machine load; Node figures are wall-clock rates. `--quick` for a smaller run.
import { benchRules } from './rules.ts';
import { benchSensing } from './sensing.ts';
import { benchApp } from './app.ts';
import { benchServer } from './server.ts';
import { benchSync } from './sync.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => !a.startsWith('-'));
if (!only || only === 'rules') process.stdout.write(await benchRules({ matches: quick ? 500 : 10_000 }));
if (!only || only === 'sensing') process.stdout.write(await benchSensing({ shotsPerLevel: quick ? 600 : 2_600 }));
if (!only || only === 'app') process.stdout.write(await benchApp());
if (!only || only === 'sync') process.stdout.write(await benchSync());
if (!only || only === 'server') process.stdout.write(await benchServer({ seconds: quick ? 1.5 : 4 }));
