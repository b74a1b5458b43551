// The table's ask for its next match is signed (docs/tournament.md §5.1): HMAC-SHA256 with its secret over
// its id, the nonce and its time, a line each, the time in Carrom-Time; a table with no time yet signs an
// empty time and sends none, and asks again as soon as an answer gave it one. The MACs are checked with
// Node's HMAC; the core reads no clock (the host's WallClockPort hands the time in).
import assert from 'node:assert/strict';
import { askText, assignmentText } from '../../src/sync/assignment.ts';
import { ASK_EVERY_US } from '../../src/sync/assigner.ts';
import { Sync } from '../../src/sync/sync.ts';
import { nodeDigest } from '../../hosts/simulator/sync.ts';
import { rng } from '../../tools/random-match.ts';
import { HandGetTransport, SECRET, SETTINGS, nodeHmac } from '../helpers/sync.ts';
import { MemoryFlash } from '../helpers/table.ts';

function tableWith(clock: { iso(): string | null }): { sync: Sync; tr: HandGetTransport } {
  const tr = new HandGetTransport();
  const sync = new Sync({ storage: new MemoryFlash(), transport: tr, digest: nodeDigest, random: { next: rng(4) }, settings: { load: () => SETTINGS, forget: () => {} }, firmware: 'test 1', wallClock: clock });
  return { sync, tr };
}

const headersOf = (tr: HandGetTransport, i = 0) => Object.fromEntries(tr.asked[i].request.headers);

describe('the signed ask for the next match (sync core)', () => {
  it('the signed text is the table id, the nonce and the time, a line each (empty when there is no time)', () => {
    assert.equal(askText('hall-3', '0123456789abcdef0123456789abcdef', '2026-12-01T10:14:30.000Z'), 'hall-3\n0123456789abcdef0123456789abcdef\n2026-12-01T10:14:30.000Z');
    assert.equal(askText('hall-3', '0123456789abcdef0123456789abcdef', null), 'hall-3\n0123456789abcdef0123456789abcdef\n');
  });

  it('signs each ask with its secret over its table, its new nonce and the time its clock gives, sent as Carrom-Time', () => {
    let now = '2026-12-01T10:14:30.000Z';
    const { sync, tr } = tableWith({ iso: () => now });
    sync.tick(0, true, true, true);
    const h = headersOf(tr);
    assert.deepEqual(Object.keys(h), ['Carrom-Table', 'Carrom-Nonce', 'Carrom-Time', 'Carrom-Signature']);
    assert.equal(h['Carrom-Time'], now);
    assert.equal(h['Carrom-Signature'], `sha256=${nodeHmac(SECRET, `${SETTINGS.table}\n${h['Carrom-Nonce']}\n${now}`)}`);
    tr.answerGet(200, assignmentText({ table: SETTINGS.table, counter: 0, nonce: h['Carrom-Nonce'], assignment: null }));
    now = '2026-12-01T10:15:00.000Z';
    for (let t = 20_000; t <= ASK_EVERY_US + 40_000; t += 20_000) sync.tick(t, true, true, true);
    const next = headersOf(tr);
    assert.notEqual(next['Carrom-Nonce'], h['Carrom-Nonce']);
    assert.equal(next['Carrom-Time'], now);
    assert.equal(next['Carrom-Signature'], `sha256=${nodeHmac(SECRET, `${SETTINGS.table}\n${next['Carrom-Nonce']}\n${now}`)}`);
  });

  it('with no time yet: signs an empty time, sends no Carrom-Time, and asks again at once when the answer gave it a time', () => {
    let now: string | null = null;
    const { sync, tr } = tableWith({ iso: () => now });
    sync.tick(0, true, true, true);
    const h = headersOf(tr);
    assert.equal(h['Carrom-Time'], undefined);
    assert.equal(h['Carrom-Signature'], `sha256=${nodeHmac(SECRET, `${SETTINGS.table}\n${h['Carrom-Nonce']}\n`)}`);
    // The answer's Date gives the host's clock its time (hosts/device/net/wall-clock.ts).
    now = '2026-12-01T10:14:31.500Z';
    tr.answerGet(200, assignmentText({ table: SETTINGS.table, counter: 0, nonce: h['Carrom-Nonce'], assignment: null }));
    sync.tick(20_000, true, true, true);
    sync.tick(40_000, true, true, true);
    assert.equal(tr.asked.length, 1, 'asked again at once, not 30 s later');
    assert.equal(headersOf(tr)['Carrom-Time'], now);
  });

  it('still with no time after the answer: the next ask waits its 30 s as ever', () => {
    const { sync, tr } = tableWith({ iso: () => null });
    sync.tick(0, true, true, true);
    tr.answerGet(200, assignmentText({ table: SETTINGS.table, counter: 0, nonce: tr.nonce(), assignment: null }));
    for (let t = 20_000; t <= ASK_EVERY_US; t += 20_000) sync.tick(t, true, true, true);
    assert.equal(tr.asked.length, 0);
  });
});
