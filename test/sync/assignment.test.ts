// The table's side of a tournament (docs/tournament.md §5) in the sync core, against a server answered by
// hand: what the table asks and when, which answers it takes (signed with its own secret, its nonce, a
// counter that never goes back, even through a power cut), its refusal byte for byte, and the records of
// an assigned match. The texts are checked against the contract's own examples, the MACs with Node's HMAC.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { publicState } from '../../src/rules/index.ts';
import { start } from '../../src/rules/engine.ts';
import { assignmentText, readAssignment, refusalText, type Assignment, type AssignmentAnswer } from '../../src/sync/assignment.ts';
import { ASK_EVERY_US } from '../../src/sync/assigner.ts';
import type { Sync } from '../../src/sync/sync.ts';
import { nodeDigest } from '../../hosts/simulator/sync.ts';
import { header } from '../../tools/script.ts';
import { ASSIGNED, HandGetTransport, HandTransport, SECRET, SETTINGS, makeSync, nodeHmac } from '../helpers/sync.ts';
import { MemoryFlash } from '../helpers/table.ts';

const CONTRACT = readFileSync('docs/tournament.md', 'utf8');

/** The contract's example that begins with `start`, its lines joined (the file wraps it for reading). */
function example(start: string): string {
  const at = CONTRACT.indexOf(`\n${start}`);
  assert.ok(at >= 0, `docs/tournament.md has an example starting ${start}`);
  const end = CONTRACT.indexOf('\n```', at + 1);
  return CONTRACT.slice(at + 1, end).split('\n').map((l) => l.trim()).join('');
}

const MATCH = ASSIGNED;

const answer = (nonce: string, counter: number, assignment: Assignment | null = MATCH, table = SETTINGS.table): string => assignmentText({ table, counter, nonce, assignment });

const S = 1_000_000;
const h = header('icf');
const s0 = start(h);
if (!s0.ok) throw new Error('no start');
const STATE = publicState(s0.value);
const LOG = `${JSON.stringify(h)}\n{"e":"placed","t":0}\n`;

/** Ticks at rest with Wi-Fi, no match in progress, from `from` to `to`. */
function rest(sync: Sync, from: number, to: number, free = true): number {
  for (let t = from; t <= to; t += 20_000) sync.tick(t, true, true, free);
  return to;
}

/** The table asks (at `t`), the server answers `body(nonce)`; returns the time after the answer took effect. */
function serve(sync: Sync, tr: HandGetTransport, t: number, body: (nonce: string) => string, secret: string | null = SECRET): number {
  rest(sync, t, t);
  assert.equal(tr.asked.length, 1, 'one question in flight');
  tr.answerGet(200, body(tr.nonce()), secret);
  return rest(sync, t + 20_000, t + 20_000);
}

describe('the next match from a tournament server (sync core)', () => {
  it('writes the answer and the refusal exactly as the contract’s examples', () => {
    const nonce = '0123456789abcdef0123456789abcdef';
    const text = assignmentText({ table: 'hall-3', counter: 42, nonce, assignment: { ...MATCH } });
    assert.equal(text, example('{"carromAssignment"').replace("<the request's>", nonce));
    assert.equal(refusalText({ table: 'hall-3', counter: 42, match: 118, reason: 'wrong-table' }), example('{"carromRefusal"'));
    const read = readAssignment(text, `sha256=${nodeHmac(SECRET, text)}`, { table: 'hall-3', secret: SECRET, nonce, digest: nodeDigest });
    assert.deepEqual(read, { ok: true, answer: { table: 'hall-3', counter: 42, nonce, assignment: MATCH } satisfies AssignmentAnswer });
    const none = assignmentText({ table: 'hall-3', counter: 43, nonce, assignment: null });
    assert.equal(none, `{"carromAssignment":1,"table":"hall-3","counter":43,"nonce":"${nonce}","assignment":null}`);
  });

  it('asks at rest with no match in progress, with its table and a new 32-hex nonce each time; never in a match', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    rest(sync, 0, 10 * S, false);
    assert.equal(tr.asked.length, 0, 'a table in a match never asks');
    rest(sync, 10 * S, 10 * S);
    assert.equal(tr.asked.length, 1);
    const q = tr.asked[0].request;
    assert.equal(q.url, 'http://127.0.0.1:9/api/v1/assignment');
    const headers = Object.fromEntries(q.headers);
    assert.equal(headers['Carrom-Table'], 'club-1');
    assert.match(headers['Carrom-Nonce'], /^[0-9a-f]{32}$/);
    const first = headers['Carrom-Nonce'];
    tr.answerGet(200, answer(first, 0, null));
    rest(sync, 10 * S + 20_000, 10 * S + ASK_EVERY_US);
    assert.equal(tr.asked.length, 0, 'not again before 30 s');
    rest(sync, 10 * S + ASK_EVERY_US + 20_000, 10 * S + ASK_EVERY_US + 40_000);
    assert.equal(tr.asked.length, 1, 'again after 30 s');
    assert.notEqual(tr.nonce(), first);
    assert.equal(sync.offer(), null, 'no assignment: nothing offered');
    assert.equal(tr.posted.length, 0);
  });

  it('asks again at once when Wi-Fi comes back, not 30 s later', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    rest(sync, 0, 0);
    tr.asked.shift()!.done('Wi-Fi down', null);
    rest(sync, 20_000, 5 * S);
    assert.equal(tr.asked.length, 0);
    sync.networkUp();
    rest(sync, 5 * S + 20_000, 5 * S + 20_000);
    assert.equal(tr.asked.length, 1);
  });

  it('offers a signed answer for its own table and nonce; a newer counter replaces it', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    let t = serve(sync, tr, 0, (n) => answer(n, 5));
    assert.deepEqual(sync.offer(), MATCH);
    assert.equal(sync.view().error, null);
    const moved = { ...MATCH, label: 'R2 T4', match: 119 };
    t = serve(sync, tr, t + ASK_EVERY_US, (n) => answer(n, 6, moved));
    assert.deepEqual(sync.offer(), moved);
    t = serve(sync, tr, t + ASK_EVERY_US, (n) => answer(n, 6, moved));
    assert.deepEqual(sync.offer(), moved, 'the same counter and match again: nothing changes');
    assert.equal(sync.view().assignRefused, undefined);
  });

  const refusals: [string, (n: string) => string, string | null, RegExp][] = [
    ['a bad signature', (n) => answer(n, 9), '11'.repeat(32), /bad signature/],
    ['no signature', (n) => answer(n, 9), null, /no signature/],
    ['another request’s nonce', () => answer('f'.repeat(32), 9), SECRET, /wrong nonce/],
    ['another table', (n) => answer(n, 9, MATCH, 'club-2'), SECRET, /another table/],
    ['a lower counter', (n) => answer(n, 4), SECRET, /counter 4 is below 5/],
    ['the same counter with another match', (n) => answer(n, 5, { ...MATCH, players: ['CLEO', 'DEV'] }), SECRET, /counter 5 with another match/],
    ['a match with a breaker out of range', (n) => answer(n, 9, { ...MATCH, breaker: 2 }), SECRET, /breaker/],
  ];
  for (const [what, body, secret, reason] of refusals) {
    it(`refuses ${what}: the match shown stays, the SYNC screen counts it and says why`, () => {
      const tr = new HandGetTransport();
      const sync = makeSync(tr);
      const t = serve(sync, tr, 0, (n) => answer(n, 5));
      serve(sync, tr, t + ASK_EVERY_US, body, secret);
      assert.deepEqual(sync.offer(), MATCH);
      const v = sync.view();
      assert.equal(v.assignRefused, 1);
      assert.match(v.error ?? '', /^assign: refused: /);
      assert.match(v.error ?? '', reason);
      assert.equal(sync.assigner.refusals.length, 1);
    });
  }

  it('keeps its counter through a power cut: an older answer is refused after the reboot', () => {
    const tr = new HandGetTransport();
    const flash = new MemoryFlash();
    const sync = makeSync(tr, flash);
    serve(sync, tr, 0, (n) => answer(n, 42));
    const tr2 = new HandGetTransport();
    const again = makeSync(tr2, flash);
    assert.deepEqual(again.offer(), MATCH, 'the match shown before the cut is shown again');
    serve(again, tr2, 0, (n) => answer(n, 41, { ...MATCH, match: 100 }));
    assert.deepEqual(again.offer(), MATCH);
    assert.equal(again.view().assignRefused, 1);
  });

  it('a new setup (another secret) starts its counter from 0', () => {
    const tr = new HandGetTransport();
    const flash = new MemoryFlash();
    serve(makeSync(tr, flash), tr, 0, (n) => answer(n, 42));
    const other = { ...SETTINGS, secret: '3c'.repeat(32) };
    const tr2 = new HandGetTransport();
    const fresh = makeSync(tr2, flash, other);
    assert.equal(fresh.offer(), null);
    serve(fresh, tr2, 0, (n) => answer(n, 1), other.secret);
    assert.deepEqual(fresh.offer(), MATCH);
  });

  it('the players refuse it: the signed refusal of §5.3 goes, once delivered it goes no more', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    let t = serve(sync, tr, 0, (n) => answer(n, 42));
    sync.refuseOffer();
    assert.equal(sync.offer(), null);
    t = rest(sync, t + 20_000, t + 20_000);
    assert.equal(tr.posted.length, 1);
    const p = tr.posted[0];
    assert.equal(p.request.url, 'http://127.0.0.1:9/api/v1/assignment/refusal');
    assert.equal(p.body, '{"carromRefusal":1,"table":"club-1","counter":42,"match":118,"reason":"wrong-table"}');
    const headers = Object.fromEntries(p.request.headers);
    assert.equal(headers['Carrom-Signature'], `sha256=${nodeHmac(SECRET, p.body)}`);
    assert.equal(headers['Carrom-Table'], 'club-1');
    tr.answer(201, { refused: true });
    t = rest(sync, t + 20_000, t + 2 * ASK_EVERY_US);
    assert.equal(tr.posted.length, 0, 'delivered: not sent again');
    assert.equal(tr.asked.length, 1, 'and the table asks for its next match');
    tr.answerGet(200, answer(tr.nonce(), 42));
    rest(sync, t + 20_000, t + 20_000);
    assert.equal(sync.offer(), null, 'the refused match is not offered again');
  });

  it('a refusal the server did not get goes again at the next turn', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    let t = serve(sync, tr, 0, (n) => answer(n, 42));
    sync.refuseOffer();
    t = rest(sync, t + 20_000, t + 20_000);
    tr.fail('network down');
    t = rest(sync, t + 20_000, t + ASK_EVERY_US + 40_000);
    assert.equal(tr.posted.length, 1);
    assert.equal(tr.posted[0].body, '{"carromRefusal":1,"table":"club-1","counter":42,"match":118,"reason":"wrong-table"}');
    assert.equal(tr.asked.length, 0, 'the refusal first');
  });

  it('the records of the started match carry tournament, round and match; the next match’s do not', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    let t = serve(sync, tr, 0, (n) => answer(n, 42));
    sync.matchStarted();
    sync.acceptOffer();
    assert.equal(sync.offer(), null, 'started: no longer offered');
    sync.finished('board', LOG, STATE);
    t = rest(sync, t + 20_000, t + 20_000, false);
    const r = JSON.parse(tr.posted[0].body);
    assert.deepEqual([r.tournament, r.round, r.match], [7, 2, 118]);
    assert.ok(tr.posted[0].body.endsWith(',"madeAt":null,"tournament":7,"round":2,"match":118}'), 'after the record’s own fields');
    tr.answer(201, { stored: true });
    rest(sync, t + 20_000, t + 20_000, false);
    sync.matchStarted();
    sync.finished('board', LOG, STATE);
    rest(sync, t + 40_000, t + 40_000, false);
    const next = JSON.parse(tr.posted[0].body);
    assert.deepEqual(Object.keys(next), ['carromResult', 'table', 'counter', 'kind', 'firmware', 'log', 'state', 'madeAt']);
  });

  it('a transport that cannot GET (a table with no tournament) never asks, and posts as ever', () => {
    const tr = new HandTransport();
    const sync = makeSync(tr);
    rest(sync, 0, 3 * ASK_EVERY_US);
    assert.equal(tr.posted.length, 0);
    assert.equal(sync.offer(), null);
    assert.equal(sync.view().assignRefused, undefined);
  });

  it('a server that does not serve tournaments (404) changes nothing the table shows', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    rest(sync, 0, 0);
    tr.answerGet(404, '{"error":"no such endpoint"}', null);
    rest(sync, 20_000, 40_000);
    assert.equal(sync.view().error, null);
    assert.equal(sync.offer(), null);
  });
});

describe('the next match: the edges of what the table takes (sync core)', () => {
  /** Answers the oldest question with `body` and this exact `Carrom-Signature` header. */
  const answerWith = (tr: HandGetTransport, body: string, signature: string) => tr.asked.shift()!.done(null, { status: 200, body, headers: { 'carrom-signature': signature } });

  it('refuses a signature header with the right MAC followed by anything more', () => {
    for (const extra of ['0', '00', ' ', 'x', `${nodeHmac(SECRET, 'more')}`]) {
      const tr = new HandGetTransport();
      const sync = makeSync(tr);
      rest(sync, 0, 0);
      const body = answer(tr.nonce(), 5);
      answerWith(tr, body, `sha256=${nodeHmac(SECRET, body)}${extra}`);
      rest(sync, 20_000, 20_000);
      assert.equal(sync.offer(), null, `the MAC followed by ${JSON.stringify(extra)}: nothing offered`);
      assert.equal(sync.view().assignRefused, 1);
      assert.match(sync.view().error ?? '', /bad signature/);
    }
    // The same MAC alone is taken (the header above differed by its tail only).
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    rest(sync, 0, 0);
    const body = answer(tr.nonce(), 5);
    answerWith(tr, body, `sha256=${nodeHmac(SECRET, body)}`);
    rest(sync, 20_000, 20_000);
    assert.deepEqual(sync.offer(), MATCH);
  });

  for (const field of ['tournament', 'round', 'match'] as const) {
    it(`refuses a match whose ${field} is 0 (ids count from 1)`, () => {
      const tr = new HandGetTransport();
      const sync = makeSync(tr);
      serve(sync, tr, 0, (n) => answer(n, 5, { ...MATCH, [field]: 0 }));
      assert.equal(sync.offer(), null);
      assert.equal(sync.view().assignRefused, 1);
      assert.match(sync.view().error ?? '', new RegExp(`assignment\\.${field} is not a positive integer`));
      // One more than 0 is taken.
      const t = serve(sync, tr, ASK_EVERY_US + 40_000, (n) => answer(n, 6, { ...MATCH, [field]: 1 }));
      assert.ok(t > 0);
      assert.equal(sync.offer()?.[field], 1);
    });
  }

  it('a 409 to its refusal (the assignment changed meanwhile) clears the refusal: it is not sent again, even after a power cut, and the table asks at once', () => {
    const tr = new HandGetTransport();
    const flash = new MemoryFlash();
    const sync = makeSync(tr, flash);
    let t = serve(sync, tr, 0, (n) => answer(n, 42));
    sync.refuseOffer();
    t = rest(sync, t + 20_000, t + 20_000);
    assert.equal(tr.posted.length, 1, 'the refusal goes');
    tr.answer(409, { error: 'the assignment of table club-1 changed' });
    t = rest(sync, t + 20_000, t + 20_000);
    assert.equal(tr.asked.length, 1, 'the table asks for its next match at once, not 30 s later');
    tr.asked.shift()!.done('Wi-Fi down', null);
    rest(sync, t + 20_000, t + 3 * ASK_EVERY_US);
    assert.equal(tr.posted.length, 0, 'the refusal is not sent again');
    const tr2 = new HandGetTransport();
    const again = makeSync(tr2, flash);
    rest(again, 0, 2 * ASK_EVERY_US);
    assert.equal(tr2.posted.length, 0, 'nor after a reboot');
  });

  /** A table whose first question (at 0) goes unanswered until it gives it up (120 s) and asks again:
   * the first question's `done` and the second's. */
  function givenUp(sync: Sync, tr: HandGetTransport): { late: () => void; next: () => void; t: number } {
    rest(sync, 0, 0);
    const first = tr.asked.shift()!;
    const firstNonce = Object.fromEntries(first.request.headers)['Carrom-Nonce'];
    let t = 0;
    while (tr.asked.length === 0 && t < 400 * S) sync.tick((t += S / 2), true, true, true);
    assert.equal(tr.asked.length, 1, 'given up, the table asks again');
    assert.ok(t > 120 * S, `not before the answer's time is up (asked again at ${t / S} s)`);
    const late = () => first.done(null, { status: 200, body: answer(firstNonce, 7, { ...MATCH, match: 700, label: 'late' }), headers: { 'carrom-signature': `sha256=${nodeHmac(SECRET, answer(firstNonce, 7, { ...MATCH, match: 700, label: 'late' }))}` } });
    const next = () => tr.answerGet(200, answer(tr.nonce(), 6, { ...MATCH, match: 600, label: 'newer' }));
    return { late, next, t };
  }

  it('a late answer to a question it gave up never replaces the newer answer that came before it', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    const { late, next, t } = givenUp(sync, tr);
    next();
    late();
    rest(sync, t + 20_000, t + 20_000);
    assert.equal(sync.offer()?.label, 'newer');
    assert.equal(sync.view().assignRefused, undefined, 'and nothing was refused');
  });

  it('a late answer to a question it gave up, come while the newer question waits, is not taken', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    const { late, next, t } = givenUp(sync, tr);
    late();
    rest(sync, t + 20_000, t + 20_000);
    assert.equal(sync.offer(), null, 'the late answer is nothing');
    next();
    rest(sync, t + 40_000, t + 40_000);
    assert.equal(sync.offer()?.label, 'newer');
    assert.equal(sync.view().assignRefused, undefined);
  });
});
