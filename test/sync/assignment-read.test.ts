// What the table believes of an answer to its ask (src/sync/assignment.ts, docs/tournament.md §5.1),
// field by field: every check of readAssignment with the reason it gives (the SYNC screen shows it), the
// edges of each (a counter of 0 is taken, a breaker one past the players is not), the signature header's
// form, and when two answers carry the same match. Issue 31: mutation testing found these checks loose.
import assert from 'node:assert/strict';
import { readAssignment, sameAssignment, type Read } from '../../src/sync/assignment.ts';
import { nodeDigest } from '../../hosts/simulator/sync.ts';
import { ASSIGNED, SECRET, nodeHmac } from '../helpers/sync.ts';

const TABLE = 'club-1';
const NONCE = '0123456789abcdef0123456789abcdef';

const MATCH = ASSIGNED;

/** An answer's body with `change` over the contract's fields (a field set to undefined is left out). */
const body = (change: Record<string, unknown> = {}, assignment: Record<string, unknown> | null = {}): string =>
  JSON.stringify({ carromAssignment: 1, table: TABLE, counter: 5, nonce: NONCE, assignment: assignment === null ? null : { ...MATCH, ...assignment }, ...change });

/** `text` read as the table reads it, signed with the table's own secret. */
const read = (text: string, signature: string | null = `sha256=${nodeHmac(SECRET, text)}`): Read => readAssignment(text, signature, { table: TABLE, secret: SECRET, nonce: NONCE, digest: nodeDigest });

const reason = (r: Read): string => (r.ok ? 'taken' : r.reason);

describe('the next match: what the table reads in an answer (assignment.ts)', () => {
  it('takes a signed answer for its table and nonce: its counter and match, as sent', () => {
    assert.deepEqual(read(body()), { ok: true, answer: { table: TABLE, counter: 5, nonce: NONCE, assignment: MATCH } });
    assert.deepEqual(read(body({}, null)), { ok: true, answer: { table: TABLE, counter: 5, nonce: NONCE, assignment: null } }, 'no match for the table');
    assert.equal(reason(read(body({ counter: 0 }))), 'taken', 'a counter of 0 (a new setup)');
    assert.equal(reason(read(body({}, { breaker: 1 }))), 'taken', 'the second player breaks');
    const doubles = { mode: 'doubles', players: ['A1', 'B1', 'A2', 'B2'], breaker: 3 };
    assert.deepEqual(read(body({}, doubles)), { ok: true, answer: { table: TABLE, counter: 5, nonce: NONCE, assignment: { ...MATCH, ...doubles } } });
  });

  it('the signature first: none, another MAC, another scheme or a cut MAC is refused; the MAC in capitals is taken', () => {
    const text = body();
    const mac = nodeHmac(SECRET, text);
    assert.equal(reason(read(text, null)), 'no signature');
    assert.equal(reason(read(text, '')), 'no signature');
    assert.equal(reason(read(text, `sha256=${nodeHmac('11'.repeat(32), text)}`)), 'bad signature');
    assert.equal(reason(read(text, `sha512=${mac}`)), 'bad signature');
    assert.equal(reason(read(text, `sha256=${mac.slice(0, -1)}`)), 'bad signature');
    assert.equal(reason(read(text, mac)), 'bad signature', 'the MAC without its scheme');
    assert.equal(reason(read(text, `sha256=${mac.toUpperCase()}`)), 'taken');
  });

  const refused: [string, string, string][] = [
    ['text that is not JSON', 'not json', 'not JSON'],
    ['JSON null', 'null', 'not an object'],
    ['a JSON string', '"an answer"', 'not an object'],
    ['another version', body({ carromAssignment: 2 }), 'carromAssignment is not 1'],
    ['no version', body({ carromAssignment: undefined }), 'carromAssignment is not 1'],
    ['another table', body({ table: 'club-2' }), 'another table'],
    ['another nonce', body({ nonce: 'f'.repeat(32) }), 'wrong nonce'],
    ['a negative counter', body({ counter: -1 }), 'counter is not a whole number'],
    ['a fractional counter', body({ counter: 5.5 }), 'counter is not a whole number'],
    ['a counter in quotes', body({ counter: '5' }), 'counter is not a whole number'],
    ['an assignment that is a list', body({ assignment: [] }), 'assignment is not an object'],
    ['an assignment that is text', body({ assignment: 'R2 T3' }), 'assignment is not an object'],
    ['a tournament in quotes', body({}, { tournament: '7' }), 'assignment.tournament is not a positive integer'],
    ['a fractional round', body({}, { round: 1.5 }), 'assignment.round is not a positive integer'],
    ['no match id', body({}, { match: undefined }), 'assignment.match is not a positive integer'],
    ['a name that is a number', body({}, { name: 5 }), 'assignment.name is not text'],
    ['no label', body({}, { label: undefined }), 'assignment.label is not text'],
    ['rules that are a list', body({}, { rules: ['icf'] }), 'assignment.rules is not text'],
    ['a time that is a number', body({}, { publishedAt: 0 }), 'assignment.publishedAt is not text'],
    ['an empty label', body({}, { label: '' }), 'assignment.label is empty'],
    ['options that are null', body({}, { options: null }), 'assignment.options is not an object'],
    ['options that are a list', body({}, { options: [] }), 'assignment.options is not an object'],
    ['options that are text', body({}, { options: 'fast' }), 'assignment.options is not an object'],
    ['a mode of three', body({}, { mode: 'triples' }), 'assignment.mode is not singles or doubles'],
    ['singles with four players', body({}, { players: ['A', 'B', 'C', 'D'] }), 'assignment.players is not 2 names'],
    ['singles with one player', body({}, { players: ['A'] }), 'assignment.players is not 2 names'],
    ['doubles with two players', body({}, { mode: 'doubles' }), 'assignment.players is not 4 names'],
    ['an empty name', body({}, { players: ['ASHA', ''] }), 'assignment.players is not 2 names'],
    ['a name that is a number', body({}, { players: ['ASHA', 7] }), 'assignment.players is not 2 names'],
    ['a name that is a list', body({}, { players: [['ASHA'], 'BEN'] }), 'assignment.players is not 2 names'],
    ['players that are text', body({}, { players: 'ASHA,BEN' }), 'assignment.players is not 2 names'],
    ['a breaker one past the players', body({}, { breaker: 2 }), 'assignment.breaker is not an index of players'],
    ['a doubles breaker one past the players', body({}, { mode: 'doubles', players: ['A1', 'B1', 'A2', 'B2'], breaker: 4 }), 'assignment.breaker is not an index of players'],
    ['a negative breaker', body({}, { breaker: -1 }), 'assignment.breaker is not an index of players'],
    ['a breaker in quotes', body({}, { breaker: '0' }), 'assignment.breaker is not an index of players'],
  ];
  for (const [what, text, why] of refused) {
    it(`refuses ${what}, saying ${why}`, () => {
      assert.deepEqual(read(text), { ok: false, reason: why });
    });
  }

  it('two answers carry the same match when both have none, or both the same one', () => {
    assert.equal(sameAssignment(null, null), true);
    assert.equal(sameAssignment(MATCH, { ...MATCH, players: [...MATCH.players] }), true);
    assert.equal(sameAssignment(MATCH, null), false);
    assert.equal(sameAssignment(null, MATCH), false);
    assert.equal(sameAssignment(MATCH, { ...MATCH, breaker: 1 }), false);
  });
});
