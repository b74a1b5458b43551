// npm's `prepare` script, which `npm ci` runs: builds dist/ (`npm run build`) where the development
// dependencies are installed. A production install (`npm ci --omit=dev`, docs/server.md §9) has no
// build tools: it takes dist/ as it was built on a build machine, and says so; without dist/ it fails
// and says what to do. Plain JavaScript: it runs before anything is built.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const installed = (name) => {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
};

if (installed('tsx') && installed('esbuild')) {
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
// dist/ is copied whole (its threads' bundles beside carrom.js, tools/build.ts): its entry is checked.
if (!existsSync('dist/carrom.js')) {
  process.stderr.write(`carrom: dist/carrom.js is missing, and the development dependencies that build it are not installed: run \`npm ci && npm run build\` on a build machine and copy dist/ here (docs/server.md §9)\n`);
  process.exit(1);
}
process.stderr.write('carrom: a production install (no development dependencies): dist/ is used as it was built\n');
