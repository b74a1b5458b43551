// What the server's answer to a record means for the outbox (src/sync/answer.ts, docs/sync.md §2), each
// class of answer pinned with the words the display shows (issue 31: mutation testing found the
// receipt's check, the 'no answer' case and the messages loose).
import assert from 'node:assert/strict';
import { errorText, judge } from '../../src/sync/answer.ts';

const answer = (status: number, body: string) => ({ status, body });

describe('sync: judging the server\'s answer to a record', () => {
  it('no answer is tried again, saying why', () => {
    assert.deepEqual(judge('connection refused', null), { do: 'retry', error: 'no answer: connection refused' });
    assert.deepEqual(judge(null, null), { do: 'retry', error: 'no answer: none' });
    assert.deepEqual(judge('timed out', answer(201, '{"stored":true}')), { do: 'retry', error: 'no answer: timed out' }, 'an error wins over a half-read answer');
  });

  it('deletes a record only on the contract\'s receipt: 201 stored, 200 duplicate', () => {
    assert.deepEqual(judge(null, answer(201, '{"stored":true}')), { do: 'ack' });
    assert.deepEqual(judge(null, answer(200, '{"duplicate":true}')), { do: 'ack' });
    assert.deepEqual(judge(null, answer(201, '{"duplicate":true}')), { do: 'wait', error: "201 but not a results server's answer: {\"duplicate\":true}" });
    assert.deepEqual(judge(null, answer(200, '{"stored":true}')), { do: 'wait', error: "200 but not a results server's answer: {\"stored\":true}" });
    assert.deepEqual(judge(null, answer(201, '{"stored":"yes"}')).do, 'wait');
  });

  it("a 200 that is no receipt (a stray web server) waits for a person, with what it said or nothing", () => {
    assert.deepEqual(judge(null, answer(200, '<html>hello</html>')), { do: 'wait', error: "200 but not a results server's answer: <html>hello</html>" });
    assert.deepEqual(judge(null, answer(200, '')), { do: 'wait', error: "200 but not a results server's answer" });
  });

  it('refuses on 400, 409, 413 and 422; waits on a setting (401, 403, 404); retries anything else', () => {
    for (const s of [400, 409, 413, 422]) assert.deepEqual(judge(null, answer(s, '{"error":"no such match"}')), { do: 'refuse', error: `${s} no such match` });
    for (const s of [401, 403, 404]) assert.deepEqual(judge(null, answer(s, '{"error":"bad signature"}')), { do: 'wait', error: `${s} bad signature` });
    for (const s of [500, 503, 302, 418]) assert.deepEqual(judge(null, answer(s, 'Bad gateway ')), { do: 'retry', error: `${s} Bad gateway` });
    assert.deepEqual(judge(null, answer(502, '')), { do: 'retry', error: '502' });
  });
});

describe("sync: the server's error text", () => {
  it('is the error field of a JSON answer, or the start of whatever came, trimmed, at most 80 characters', () => {
    assert.equal(errorText('{"error":"unknown table"}'), 'unknown table');
    assert.equal(errorText('{"error":7}'), '{"error":7}');
    assert.equal(errorText('null'), 'null');
    assert.equal(errorText(`  ${'x'.repeat(100)}  `), 'x'.repeat(80));
    assert.equal(errorText('  short  '), 'short');
  });
});
