// A result record's text (src/sync/record.ts, docs/sync.md §1) with a time and abandoned, pinned byte for
// byte where mutation testing found those two fields loose (issue 31): the tests through the outbox
// only ever sent records with no time, never abandoned.
import assert from 'node:assert/strict';
import type { PublicState } from '../../src/rules/state.ts';
import { recordText, type RecordFields } from '../../src/sync/record.ts';

const FIELDS: RecordFields = { table: 'hall-1', counter: 3, kind: 'match', firmware: 'test 1', log: '{"carrom":1}\n', state: { over: true } as unknown as PublicState, madeAt: null };
const HEAD = '{"carromResult":1,"table":"hall-1","counter":3,"kind":"match","firmware":"test 1","log":"{\\"carrom\\":1}\\n","state":{"over": true},';

describe('sync: a record as text', () => {
  it('gives the time it was made as a JSON string, or null when the table has none', () => {
    assert.equal(recordText({ ...FIELDS, madeAt: '2026-12-07T12:00:00Z' }), `${HEAD}"madeAt":"2026-12-07T12:00:00Z"}`);
    assert.equal(recordText(FIELDS), `${HEAD}"madeAt":null}`);
  });

  it('says "abandoned" only when the match was, after the time', () => {
    assert.equal(recordText({ ...FIELDS, abandoned: true }), `${HEAD}"madeAt":null,"abandoned":true}`);
    assert.equal(recordText({ ...FIELDS, abandoned: false }), `${HEAD}"madeAt":null}`);
  });
});
