// The table's network in the device model: the sync core (src/sync/sync.ts) with its shot messages
// (src/sync/shots.ts), run by the app as on the device, over a network whose work is native. A request
// costs JavaScript what the HTTP client's callbacks take (REQUEST_JS_US, blocked, a guess: nothing here
// is measured on an ESP32) and is answered after ANSWER_MS as a server that published it; the digest is
// the SDK's, in C (off the meter, charged per byte). The outbox is in memory: the records' flash writes
// are not charged here (they were not before either), only what the sync core's JavaScript does.
import { MemoryStorage } from '../../src/store/memory.ts';
import type { PostAnswer, PostRequest } from '../../src/sync/ports.ts';
import type { SyncOptions } from '../../src/sync/sync.ts';
import { device } from './world.ts';

/** JavaScript blocked per request: the HTTP client's connect, write and read callbacks (a guess). */
export const REQUEST_JS_US = 4_000;
/** When the answer comes, after the request. */
export const ANSWER_MS = 60;
/** The SDK's SHA-256 in C, per byte (some 10 MB/s on an ESP32 at 240 MHz without its accelerator: a guess). */
const DIGEST_US_PER_BYTE = 0.1;

const native = <T>(fn: (t: number) => T): T => device().callOut(fn);

/** Requests made, by path, in the last run (the bench reports them). */
export const requests: Record<string, number> = {};

function answerOf(request: PostRequest): PostAnswer {
  if (!request.url.endsWith('/api/v1/shots')) return { status: 201, body: '{"stored":true}' };
  // What a server that published it holds: the lines up to the message's last.
  const b = request.body.read(0, request.body.length);
  let text = '';
  for (let i = 0; i < b.length; i++) text += String.fromCharCode(b[i]);
  const m = JSON.parse(text) as { from: number; lines: string };
  return { status: 200, body: `{"published":true,"have":${m.from + m.lines.split('\n').length - 1}}` };
}

export function modelSync(): SyncOptions {
  const settings = { server: 'http://results.model', table: 'model-1', secret: '00'.repeat(32) };
  return {
    storage: new MemoryStorage(),
    transport: {
      post(request, done) {
        native((t) => {
          const path = request.url.replace(/^https?:\/\/[^/]+/, '');
          requests[path] = (requests[path] ?? 0) + 1;
          device().block(REQUEST_JS_US);
          const answer = answerOf(request);
          device().timer(() => done(null, answer), ANSWER_MS, false);
          return t;
        });
      },
      get(_request, done) {
        native(() => device().timer(() => done(null, { status: 404, body: '{"error":"no tournaments"}' }), ANSWER_MS, false));
      },
      cancel() {},
    },
    digest: () => {
      let bytes = 0;
      return {
        write: (b) => void (bytes += b.length),
        close: () => native(() => (device().block(bytes * DIGEST_US_PER_BYTE), new ArrayBuffer(32))),
      };
    },
    random: { next: () => 0.5 },
    settings: { load: () => settings, forget: () => {} },
    firmware: 'model',
  };
}
