// `npx tsx tools/screens/simulator-screenshot.ts [docs/simulator.png]`: the README's picture of the simulator,
// taken in Debian's chromium from the page as it is: an ICF match replayed into the simulator up to
// the second game, the striker put on a baseline. Look at the picture before committing it.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { parseLog } from '../../src/rules/log.ts';
import { serve } from '../../hosts/simulator/server.ts';
import { SimTable } from '../../hosts/simulator/table.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';

const out = process.argv[2] ?? 'docs/simulator.png';
const log = parseLog(readFileSync('test/fixtures/matches/icf-singles.jsonl', 'utf8'));
if (!log.ok) throw new Error(`icf-singles.jsonl:${log.error.line}: ${log.error.reason}`);
const sim = new SimTable({ match: log.value.header, seed: 1 });
const events = log.value.events.map((e) => e.event);
const trace = generateTrace(log.value.header, events.slice(0, 120), 1, NOISE.low, LAYOUTS.reference);
sim.readings(trace.readings);
sim.advanceTo(sim.lastDue + 3_000_000);
sim.place(2, 330); // on the baseline of Ben, who is to shoot
sim.advanceTo(sim.now + 200_000);

const server = await serve(sim, 0);
const port = (server.address() as { port: number }).port;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 860 } });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForSelector('#score tr');
  await page.waitForTimeout(300);
  await page.screenshot({ path: out });
  process.stdout.write(`${out}: ${sim.events.length} events, board ${sim.app.state.board.number}\n`);
} finally {
  await browser.close();
  server.close();
}
