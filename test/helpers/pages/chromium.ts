// Chromium for the page tests: Debian's (`.ci/run` installs it), driven by playwright-core, headless,
// with nothing of its own reaching the network (no sync, no updates, no QUIC probes).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS: readonly string[] = Object.freeze(['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']);

/** A browser to drive; `extra` switches after the common ones. A missing chromium fails saying what to install. */
export function launchChromium(extra: readonly string[] = []): Promise<Browser> {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`);
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extra] });
}
