// A record's POST (src/sync/record.ts, docs/sync.md §2): `done` gets the transport's answer once, even
// from a host that calls back twice (a bug of the host's, not a second answer). Issue 31: mutation testing.
import assert from 'node:assert/strict';
import { postRecord } from '../../src/sync/record.ts';
import type { GetRequest, PostAnswer, PostRequest, TransportPort } from '../../src/sync/ports.ts';

/** A host that answers every post twice: first 201, then 500. */
class TwiceTransport implements TransportPort {
  readonly urls: string[] = [];
  post(request: PostRequest, done: (error: string | null, answer: PostAnswer | null) => void): void {
    this.urls.push(request.url);
    done(null, { status: 201, body: '{"stored":true}' });
    done(null, { status: 500, body: '{"error":"again"}' });
  }
  get(_request: GetRequest, done: (error: string | null, answer: PostAnswer | null) => void): void {
    done('no GET here', null);
  }
  cancel(): void {}
}

describe('sync: a record\'s POST', () => {
  it('hands on the first answer only, when the host calls back twice', () => {
    const tr = new TwiceTransport();
    const answers: (PostAnswer | null)[] = [];
    const body = new TextEncoder().encode('{}');
    postRecord(tr, 'http://127.0.0.1:9', 'club-1', 'ab'.repeat(32), { length: body.length, read: (at, n) => body.subarray(at, at + n) }, (_e, a) => answers.push(a));
    assert.deepEqual(tr.urls, ['http://127.0.0.1:9/api/v1/records']);
    assert.deepEqual(answers, [{ status: 201, body: '{"stored":true}' }]);
  });
});
