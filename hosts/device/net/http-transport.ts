// The sync core's TransportPort over the ECMA-419 HTTP client (embedded:network/http/client, the SDK's
// examples/io/tcp/httpclient): one POST per connection, the body streamed from its BodySource a piece
// at a time as the socket can take it (onWritable), never held whole in RAM; an answer body is kept up
// to 2 KiB (the server's answers are small JSON). A timer gives up after `timeoutMs`. The sync core
// cancels a POST when a shot starts (src/sync/sync.ts shotStarted): the connection closes at once, and
// no piece more is read from flash. Each answer's `Date` header goes to the table's clock (wall-clock.ts).
import HTTPClient from 'embedded:network/http/client';
import TCP from 'embedded:io/socket/tcp';
import Net from 'net';
import Timer from 'timer';
import type { BodySource, GetRequest, PostAnswer, PostRequest, TransportPort } from '../../../src/sync/ports.ts';
import { splitHttpUrl } from './url.ts';

const PIECE = 1024;
const MAX_ANSWER = 2048;
const NO_BODY: BodySource = { length: 0, read: () => new Uint8Array(0) };

/** A resolver in the shape the HTTP client wants, over the network stack's own DNS (Net.resolve):
 * the DHCP-given servers on the device, the host's resolver in mcsim. Addresses pass straight through. */
class NetResolver {
  constructor(_options: unknown) {}
  resolve(o: { host: string; onResolved(host: string, address: string): void; onError(e: unknown): void }): void {
    if (/^\d{1,3}(\.\d{1,3}){3}$/.test(o.host)) {
      Timer.set(() => o.onResolved(o.host, o.host));
      return;
    }
    Net.resolve(o.host, (name, address) => (address ? o.onResolved(name, address) : o.onError(new Error(`cannot resolve ${o.host}`))));
  }
  close(): void {}
}

export class HttpTransport implements TransportPort {
  private inFlight: { client: HTTPClient; timer: Timer; finish(error: string | null, answer: PostAnswer | null): void } | null = null;

  constructor(
    /** Why a POST cannot go now ("Wi-Fi is down", "Wi-Fi: wrong password"), or null when the station
     * has an address: without one a POST fails at once, saying why (the core backs off, the SYNC menu shows it). */
    private readonly offline: () => string | null = () => null,
    private readonly timeoutMs = 20_000,
    /** Each answer's `Date` header, as the server sent it. */
    private readonly heardDate: (text: string) => void = () => {},
  ) {}

  post(request: PostRequest, done: (error: string | null, answer: PostAnswer | null) => void): void {
    this.send('POST', request.url, request.headers, request.body, done);
  }

  /** The next match's question (docs/tournament.md §5.1): no body; the answer's signature header is kept. */
  get(request: GetRequest, done: (error: string | null, answer: PostAnswer | null) => void): void {
    this.send('GET', request.url, request.headers, NO_BODY, done);
  }

  private send(method: 'GET' | 'POST', url: string, requestHeaders: PostRequest['headers'], body: BodySource, done: (error: string | null, answer: PostAnswer | null) => void): void {
    if (this.inFlight) return done(`a request is already in flight`, null);
    const why = this.offline();
    if (why !== null) return done(why, null);
    const where = splitHttpUrl(url);
    if (!where.ok) return done(where.error, null);
    const { host, port, path } = where.value;
    const heardDate = this.heardDate;
    let finished = false;
    let status = 0;
    let answer = '';
    let signature: string | null = null;
    const finish = (error: string | null, result: PostAnswer | null) => {
      if (finished) return;
      finished = true;
      const flight = this.inFlight;
      this.inFlight = null;
      if (flight) {
        Timer.clear(flight.timer);
        flight.client.close();
      }
      done(error, result);
    };
    let client: HTTPClient;
    try {
      client = new HTTPClient({
        host,
        port,
        socket: { io: TCP },
        dns: { io: NetResolver },
        onError: () => finish(`no connection to ${host}:${port}`, null),
      });
    } catch (e) {
      return done(`no connection to ${host}:${port}: ${e}`, null);
    }
    const headers = new Map<string, string>();
    for (const [name, value] of requestHeaders) headers.set(name, value);
    if (method === 'POST') headers.set('content-length', String(body.length));
    headers.set('connection', 'close');
    let sent = 0;
    function onWritable(this: { write(bytes: Uint8Array): void }, count: number): void {
      if (finished) return; // cancelled (a shot started) or timed out: not one more read of flash
      // As much as the socket has room for, a piece (1 KiB) at a time read from flash.
      for (let room = count; room > 0 && sent < body.length; ) {
        const n = Math.min(room, PIECE, body.length - sent);
        const piece = body.read(sent, n);
        if (piece.length !== n) return finish(`the record's bytes ended at ${sent + piece.length} of ${body.length}`, null);
        this.write(piece);
        sent += n;
        room -= n;
      }
    }
    // A GET has no body: no onWritable, so that the client sends none (not even an empty chunked one).
    const writes = method === 'GET' ? {} : { onWritable };
    client.request({
      method,
      path,
      headers,
      ...writes,
      onHeaders(s, headers) {
        status = s;
        const date = headers?.get('date'); // the client keeps header names in lower case
        if (typeof date === 'string') heardDate(date);
        const signed = headers?.get('carrom-signature');
        if (typeof signed === 'string') signature = signed;
      },
      onReadable(count) {
        const bytes = this.read(count);
        if (bytes instanceof ArrayBuffer && answer.length < MAX_ANSWER) answer += String.fromArrayBuffer(bytes).slice(0, MAX_ANSWER - answer.length);
      },
      onDone(error) {
        if (error) finish(`the connection to ${host}:${port} failed after ${sent} of ${body.length} bytes`, null);
        else finish(null, signature === null ? { status, body: answer } : { status, body: answer, headers: { 'carrom-signature': signature } });
      },
    });
    const timer = Timer.set(() => finish(`no answer from ${host}:${port} within ${this.timeoutMs / 1000} s`, null), this.timeoutMs);
    if (!finished) this.inFlight = { client, timer, finish };
    else Timer.clear(timer);
  }

  /** Aborts the POST in flight, if any (a shot started, or the core gave up on it): its `done` says so. */
  cancel(): void {
    this.inFlight?.finish('cancelled', null);
  }
}
