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
const built = ['dist/carrom.js', 'dist/replay-worker.js', 'dist/sqlite-writer-thread.js'];
const missing = built.filter((f) => !existsSync(f));
if (missing.length > 0) {
  process.stderr.write(`carrom: ${missing.join(', ')} missing, and the development dependencies that build them are not installed: run \`npm ci && npm run build\` on a build machine and copy dist/ here (docs/server.md §9)\n`);
  process.exit(1);
}
process.stderr.write('carrom: a production install (no development dependencies): dist/ is used as it was built\n');
