// `npm run bench`: every benchmark of the project, as tables. XS figures are operation counts, which
// do not drift with machine load; Node figures are wall-clock rates.
import { benchRules } from './rules.ts';

const args = process.argv.slice(2);
const matches = args.includes('--quick') ? 500 : 10_000;
process.stdout.write(await benchRules({ matches }));
