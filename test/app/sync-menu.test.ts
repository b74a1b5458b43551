// The SYNC menu through the table's own buttons: the state of sync, RETRY NOW, the setup page's network
// name and code, FORGET SETUP (asked first); and the play screen's corner.
import assert from 'node:assert/strict';
import { TableApp } from '../../src/app/app.ts';
import type { MenuScreen, PlayScreen } from '../../src/view/screen.ts';
import { CALIBRATION } from '../../model/table/noise.ts';
import { header } from '../../tools/script.ts';
import { ManualClock, MemoryFlash, press, type TestTable } from '../helpers/table.ts';
import { HandTransport, SETTINGS } from '../helpers/sync.ts';
import { Sync } from '../../src/sync/sync.ts';
import { glyph } from '../../src/view/font.ts';
import { nodeDigest } from '../../hosts/simulator/sync.ts';
import type { SyncSettings } from '../../src/sync/ports.ts';
import { Outbox } from '../../src/sync/outbox.ts';
import { encodeUtf8 } from '../../src/store/utf8.ts';

function table(settings: SyncSettings | null, o: { setupPage?: boolean; language?: string; storage?: MemoryFlash } = {}) {
  const storage = o.storage ?? new MemoryFlash();
  const clock = new ManualClock();
  const tr = new HandTransport();
  let saved = settings;
  const setup = { opened: 0, closed: 0 };
  const sync = new Sync({
    storage,
    transport: tr,
    digest: nodeDigest,
    random: { next: () => 0.5 },
    settings: { load: () => saved, forget: () => void (saved = null) },
    firmware: 't',
    setup: o.setupPage === false ? undefined : { open: () => (setup.opened++, { network: 'CARROM-7F3A', code: '4821' }), close: () => void setup.closed++ },
  });
  const kept = o.language ? { get: () => JSON.stringify({ language: o.language }), set: () => {} } : undefined;
  const app = new TableApp({ clock, display: { show: () => {} }, storage: new MemoryFlash(), sync, table: { beamGapMm: 10, calibration: CALIBRATION }, defaultMatch: header('icf'), settings: kept });
  const t: TestTable = { app, clock, flash: new MemoryFlash(), shown: [] };
  return { t, tr, sync, setup, saved: () => saved };
}

const menuOf = (t: TestTable) => t.app.screen() as MenuScreen;

function openSync(t: TestTable): void {
  press(t, 'select');
  const items = menuOf(t).items;
  const at = items.indexOf('SYNC');
  assert.ok(at >= 0, `SYNC in ${items.join(', ')}`);
  for (let i = 0; i < at; i++) press(t, 'down');
  press(t, 'select');
  assert.equal(menuOf(t).title, 'SYNC');
}

function choose(t: TestTable, label: RegExp): void {
  const items = menuOf(t).items;
  const at = items.findIndex((i) => label.test(i));
  assert.ok(at >= 0, `${label} in ${items.join(', ')}`);
  while (menuOf(t).selected !== at) press(t, 'down');
  press(t, 'select');
}

describe('the SYNC menu and the corner', () => {
  it('shows what waits and what went wrong; RETRY NOW sends at once', () => {
    const { t, tr, sync } = table(SETTINGS);
    sync.finished('board', `${JSON.stringify(header('icf'))}\n`, t.app.state);
    t.app.tick();
    tr.fail('ECONNREFUSED');
    t.clock.t += 20_000;
    t.app.tick();
    assert.deepEqual((t.app.screen() as PlayScreen).corner.sync, { queued: 1, trouble: true });
    openSync(t);
    const items = menuOf(t).items;
    assert.ok(items.includes('QUEUED 1'), items.join(', '));
    assert.ok(items.some((i) => /^ERR NO ANSWER: ECONNREFUSED/.test(i)));
    assert.ok(items.some((i) => /^NEXT TRY IN \d+ S$/.test(i)));
    assert.ok(items.includes('TABLE CLUB-1'));
    assert.ok(items.includes('SERVER 127.0.0.1:9'));
    choose(t, /^ERR/);
    assert.equal(menuOf(t).title, 'LAST ERROR');
    assert.equal(menuOf(t).items.slice(0, -1).join(' '), 'NO ANSWER: ECONNREFUSED');
    press(t, 'up', true);
    choose(t, /^RETRY NOW$/);
    assert.equal(tr.posted.length, 1, 'sent at the next tick');
  });

  it('a record damaged in flash is never sent, is counted as DAMAGED on the SYNC screen with trouble in the corner, and RETRY NOW clears it', () => {
    const storage = new MemoryFlash();
    const o = new Outbox(storage);
    o.open();
    for (let i = 0; i < 2; i++) o.add('board', (c) => ({ bytes: encodeUtf8(`{"record":${c},"text":"as signed"}`), signature: `sig${c}` }));
    const bytes = storage.slots[storage.ops[storage.ops.length - 1].slot];
    bytes[Buffer.from(bytes).indexOf('{"record":1') + 12] ^= 0x01; // a bit of #1 gone bad in flash
    const { t, tr } = table(SETTINGS, { storage });
    t.app.tick();
    assert.deepEqual(tr.posted.map((p) => p.body), ['{"record":2,"text":"as signed"}'], 'only the whole record goes');
    assert.deepEqual((t.app.screen() as PlayScreen).corner.sync, { queued: 1, trouble: true });
    openSync(t);
    assert.ok(menuOf(t).items.includes('DAMAGED 1'), menuOf(t).items.join(', '));
    tr.answer(201, { stored: true });
    t.app.tick();
    choose(t, /^RETRY NOW$/);
    t.app.tick();
    press(t, 'up', true);
    press(t, 'up', true);
    assert.deepEqual((t.app.screen() as PlayScreen).corner.sync, { queued: 0, trouble: false });
    openSync(t);
    assert.ok(!menuOf(t).items.some((i) => i.startsWith('DAMAGED')), menuOf(t).items.join(', '));
    const again = new Outbox(storage);
    again.open();
    assert.deepEqual(again.lost(), [], 'seen: not shown again after a reboot');
  });

  it('a wrong Wi-Fi password is said on the bottom line, in the table\'s language, once each time it is found', () => {
    const { t } = table(SETTINGS);
    const line = () => (t.app.screen() as PlayScreen).line;
    const before = line();
    t.app.setWifi('down');
    assert.equal(line(), before, 'down for no known reason: the corner says it, the line does not');
    t.app.setWifi('down', 'wrongPassword');
    assert.equal(line(), 'WIFI: WRONG PASSWORD');
    assert.equal((t.app.screen() as PlayScreen).corner.wifi, 'down');
    t.app.call({ call: 'foul', kind: 'touch' });
    t.app.tick();
    const after = line();
    assert.notEqual(after, 'WIFI: WRONG PASSWORD');
    t.app.setWifi('down', 'wrongPassword');
    assert.equal(line(), after, 'the next refused attempt does not say it again');
    t.app.setWifi('up');
    t.app.setWifi('down', 'wrongPassword');
    assert.equal(line(), 'WIFI: WRONG PASSWORD', 'found again after the network took it once');
    t.app.settings = { ...t.app.settings, language: 'sv' };
    t.app.setWifi('down');
    t.app.setWifi('down', 'wrongPassword');
    assert.equal(line(), 'WIFI: FEL LÖSENORD');
  });

  it('SETUP PAGE shows the network and the code; CLOSE SETUP closes it', () => {
    const { t, setup } = table(null);
    openSync(t);
    assert.deepEqual(menuOf(t).items, ['NOT SET UP', 'SETUP PAGE', 'BACK']);
    choose(t, /^SETUP PAGE$/);
    assert.deepEqual(menuOf(t).items, ['WIFI CARROM-7F3A', 'CODE 4821', 'CLOSE SETUP', 'BACK']);
    choose(t, /^CLOSE SETUP$/);
    assert.equal(setup.closed, 1);
    assert.equal(menuOf(t).title, 'SYNC');
    assert.equal((() => (press(t, 'up', true), press(t, 'up', true), t.app.screen()))().kind, 'play');
    assert.equal((t.app.screen() as PlayScreen).corner.sync, null, 'nothing in the corner of a table not set up');
  });

  it('FORGET SETUP asks first, then clears the settings', () => {
    const { t, saved } = table(SETTINGS);
    openSync(t);
    choose(t, /^FORGET SETUP$/);
    assert.equal(menuOf(t).title, 'FORGET SETUP?');
    press(t, 'up', true);
    assert.ok(saved() !== null, 'backing out forgets nothing');
    choose(t, /^FORGET SETUP$/);
    choose(t, /^YES, FORGET$/);
    assert.equal(saved(), null);
    assert.ok(menuOf(t).items.includes('NOT SET UP'));
  });

  it("shows the server's address whole and a long error at word boundaries, quotes drawn as quotes", () => {
    for (const [server, rows] of [
      ['http://127.0.0.1:9101', ['SERVER', '127.0.0.1:9101']],
      ['http://192.168.1.20:8080', ['SERVER', '192.168.1.20:8080']],
    ] as const) {
      const { t } = table({ ...SETTINGS, server });
      openSync(t);
      const items = menuOf(t).items;
      const at = items.indexOf(rows[0]);
      assert.deepEqual(items.slice(at, at + 2), rows, items.join(' | '));
    }
    const { t, tr, sync } = table(SETTINGS);
    sync.finished('board', `${JSON.stringify(header('icf'))}\n`, t.app.state);
    t.app.tick();
    const why = 'unknown table "hall-3" (register it with carrom serve --add-table hall-3)';
    tr.answer(404, { error: why });
    t.clock.t += 20_000;
    t.app.tick();
    openSync(t);
    choose(t, /^ERR/);
    const rows = menuOf(t).items.slice(0, -1);
    assert.ok(rows.every((r) => [...r].length <= 19), rows.join(' | '));
    const text = rows.join(' ');
    assert.ok(text.endsWith(why.toUpperCase()), `every word whole: ${rows.join(' | ')}`);
    assert.notDeepEqual(glyph('"'), glyph('?'), 'the font has the quote mark');
  });

  it('SETUP PAGE on a table that has none says so in the table\'s language, at word boundaries', () => {
    const { t } = table(SETTINGS, { setupPage: false, language: 'pt' });
    press(t, 'select');
    choose(t, /^RESULTADOS$/);
    choose(t, /^CONFIGURAÇÃO$/);
    assert.deepEqual(menuOf(t).items, ['ESTA MESA NÃO TEM', 'PÁGINA DE', 'CONFIGURAÇÃO', 'VOLTAR']);
  });
});
