#!/usr/bin/env node
// The `carrom` command: runs the bundle that `npm run build` (and `npm ci`, through `prepare`) makes.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/carrom.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('carrom: dist/carrom.js is missing; run `npm run build` first\n');
  process.exit(2);
}
await import(bundle.href);
