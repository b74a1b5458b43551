// The simulator page tells the players what the table asks (what to put back, who places it) and what it
// did not take (a call the preset does not know), in players' words, in Debian's chromium.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serve } from '../../hosts/simulator/server.ts';
import { SimTable } from '../../hosts/simulator/table.ts';

declare const document: { body: { dataset: Record<string, string | undefined>; innerText: string } };

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

describe('simulator page: explanations', function () {
  this.timeout(90_000);
  let browser: Browser;
  let page: Page;
  let server: Server;
  let sim: SimTable;
  let base = '';

  before(async () => {
    assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    sim = new SimTable({ match: { carrom: 1, rules: 'pt-fpc', mode: 'singles', players: ['Asha', 'Ben'], breaker: 0, options: {} }, seed: 5 });
    server = await serve(sim, 0);
    const a = server.address();
    base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
    page = await browser.newPage({ viewport: { width: 1100, height: 850 } });
    await page.goto(`${base}/`);
    await page.waitForSelector('#score tr');
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  const api = (path: string, body: object = {}) =>
    fetch(`${base}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  async function shot(drops: [number, string][]) {
    await api('place', { seat: sim.app.state.board.turn * 2, mm: 200 });
    await api('strike', { seat: sim.app.state.board.turn * 2 });
    for (const [pocket, piece] of drops) await api('drop', { pocket, piece });
    await api('settle');
  }
  async function text(): Promise<string> {
    await page.waitForFunction((n) => Number(document.body.dataset.events) >= n, sim.events.length);
    await page.waitForTimeout(150);
    return page.evaluate(() => document.body.innerText);
  }

  it('says what to put back and who places it, then what a call the preset does not know did', async () => {
    await shot([[2, 'white']]);
    await shot([[1, 'white'], [3, 'striker']]);
    // pt-fpc 000 r7–r8: the white and a due come back; Ben places them in the centre circle.
    const after = await text();
    assert.match(after, /Put back 2 white men, in the centre circle\.\s+Ben places them\./);
    await api('call', { call: 'foul', kind: 'backshot' });
    const called = await text();
    assert.match(called, /"back shot" is not a foul under these rules \(pt-fpc\): the call changes nothing\./);
    assert.match(called, /Line \d+: "back shot" is not a foul/);
  });

  it('never shows the engine\'s own words', async () => {
    await shot([[0, 'queen']]);
    const t = await text();
    assert.match(t, /Asha pocketed the queen and must cover it\./);
    assert.doesNotMatch(t, /onBoard|pending|covered|awaiting|undefined|null/);
  });

  it('says them in the language chosen in the settings, the notes and the warnings too', async () => {
    // MENU › SETTINGS (the tenth item) › LANGUAGE (the fourth) › PORTUGUÊS (after English), as a player would.
    for (const button of ['select', ...Array(9).fill('down'), 'select', 'down', 'down', 'down', 'select', 'down', 'select']) await api('button', { button });
    await api('button', { button: 'select', long: true });
    await api('button', { button: 'select', long: true });
    assert.equal(sim.app.settings.language, 'pt');
    await api('call', { call: 'foul', kind: 'backshot' });
    const t = await text();
    assert.match(t, /"[A-ZÁÂÃÀÇÉÊÍÓÔÕÚ ]+" não é falta nestas regras \(pt-fpc\): a chamada não muda nada\./);
    assert.match(t, /Linha \d+: "[A-ZÁÂÃÀÇÉÊÍÓÔÕÚ ]+" não é falta/);
    assert.doesNotMatch(t, /is not a foul|On the board|Notes on the log/);
  });
});
