// Fakes of the SDK's network modules, with the contracts the device's network code relies on (read
// from the SDK 8.2.3 sources named on each): the test drives them (a station's messages, a request to
// the setup page, the socket taking bytes, the server's answer, SNTP's answer) and sees what the code
// did. They run on the fake hardware's clock and timers (hardware.ts).

/** What a test sees and drives: the open station, the setup page's server, the HTTP clients, SNTP. */
export const net = {
  stations: [] as FakeWiFi[],
  mode: 0,
  accessPoints: [] as { ssid: string; password?: string }[],
  servers: [] as Server[],
  clients: [] as HTTPClient[],
  sntps: [] as SNTP[],
  mdns: [] as MDNS[],
  reset(): void {
    this.stations = [];
    this.mode = 0;
    this.accessPoints = [];
    this.servers = [];
    this.clients = [];
    this.sntps = [];
    this.mdns = [];
  },
  /** The newest station, still open. */
  get station(): FakeWiFi | undefined {
    return this.stations.filter((s) => !s.closed).at(-1);
  },
};

/** modules/network/wifi/esp32/wifi.js over xs6wifi.c: the constructor connects, then the callback gets
 * "connect", "gotIP", and "disconnect" with a reason (-1: the WPA handshake failed); never "lostIP". */
export class FakeWiFi {
  static readonly gotIP = 'gotIP';
  static readonly lostIP = 'lostIP';
  static readonly connected = 'connect';
  static readonly disconnected = 'disconnect';
  static readonly Mode = Object.freeze({ off: -5, none: 0, station: 1, accessPoint: 2 });
  static get mode(): number {
    return net.mode;
  }
  static set mode(m: number) {
    net.mode = m;
  }
  static accessPoint(o: { ssid: string; password?: string }): void {
    net.accessPoints.push(o);
  }
  closed = false;
  constructor(
    readonly options: { ssid: string; password?: string },
    private readonly callback: (message: string, reason?: number) => void,
  ) {
    net.stations.push(this);
  }
  /** The station reports; a closed one's callback is forgotten (xs_wifi_close: xsForget). */
  notify(message: string, reason?: number): void {
    if (this.closed) return;
    if (message === 'disconnect') this.callback(message, reason ?? 0);
    else this.callback(message);
  }
  close(): void {
    this.closed = true;
  }
}

/** The classic HTTP server (modules/network/http/httpserver.js): one callback, `this` the request. */
export class Server {
  static readonly connection = 1;
  static readonly status = 2;
  static readonly header = 3;
  static readonly headersComplete = 4;
  static readonly requestFragment = 5;
  static readonly requestComplete = 6;
  static readonly prepareResponse = 8;
  static readonly responseFragment = 9;
  static readonly responseComplete = 10;
  static readonly error = -1;
  callback: ((this: object, message: number, value?: unknown, etc?: unknown) => unknown) | null = null;
  closed = false;
  constructor(readonly options: { port: number }) {
    net.servers.push(this);
  }
  /** One whole exchange, as the server runs it: what the callback answered at prepareResponse. */
  request(method: string, path: string, body: string): { status?: number; headers: string[]; body: string } {
    if (this.closed || !this.callback) throw new Error('the setup page is not open');
    const req = {};
    this.callback.call(req, Server.status, path, method);
    this.callback.call(req, Server.headersComplete);
    this.callback.call(req, Server.requestComplete, body);
    const answer = this.callback.call(req, Server.prepareResponse) as { status?: number; headers: string[]; body: string };
    this.callback.call(req, Server.responseComplete);
    return answer;
  }
  close(): void {
    this.closed = true;
  }
}

interface Request {
  method: string;
  path: string;
  headers: Map<string, string>;
  onWritable?(this: Exchange, count: number): void;
  onHeaders?(this: Exchange, status: number, headers: Map<string, string>): void;
  onReadable?(this: Exchange, count: number): void;
  onDone?(this: Exchange, error: unknown): void;
}
interface Exchange {
  write(bytes: ArrayBuffer | Uint8Array): void;
  read(count: number): ArrayBuffer;
}

/** examples/io/tcp/httpclient: request() returns the request object, `this` in its callbacks; the
 * client calls onWritable as the socket has room, and nothing after close(). Header names arrive in
 * lower case (httpclient.js makes them so). */
export class HTTPClient {
  readonly requests: { request: Request; exchange: Exchange; sent: Uint8Array[]; answer: ArrayBuffer | null }[] = [];
  closed = false;
  constructor(readonly options: { host: string; port?: number; onError?(e: unknown): void }) {
    net.clients.push(this);
  }
  request(request: Request): Exchange {
    const entry = { request, exchange: null as unknown as Exchange, sent: [] as Uint8Array[], answer: null as ArrayBuffer | null };
    entry.exchange = {
      write: (bytes) => void entry.sent.push(new Uint8Array(bytes instanceof ArrayBuffer ? bytes : bytes.slice().buffer)),
      read: () => {
        const a = entry.answer ?? new ArrayBuffer(0);
        entry.answer = null;
        return a;
      },
    };
    this.requests.push(entry);
    return entry.exchange;
  }
  /** The socket has room for `count` bytes (nothing happens once the client is closed). */
  writable(count: number): void {
    const r = this.requests.at(-1);
    if (this.closed || !r) return;
    r.request.onWritable?.call(r.exchange, count);
  }
  /** Bytes the request's body has sent so far. */
  sentBytes(): number {
    return (this.requests.at(-1)?.sent ?? []).reduce((n, b) => n + b.length, 0);
  }
  /** The server answers: status line and headers, the body, the end. */
  answer(status: number, headers: Record<string, string>, body: string): void {
    const r = this.requests.at(-1);
    if (this.closed || !r) return;
    r.request.onHeaders?.call(r.exchange, status, new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])));
    r.answer = new TextEncoder().encode(body).buffer as ArrayBuffer;
    r.request.onReadable?.call(r.exchange, r.answer.byteLength);
    r.request.onDone?.call(r.exchange, null);
  }
  close(): void {
    this.closed = true;
  }
}

export class TCP {}

export const Net = {
  resolve(host: string, callback: (name: string, address?: string) => void): void {
    callback(host, '10.0.0.5');
  },
};

/** modules/network/mdns: only what find-server.ts calls. */
export class MDNS {
  closed = false;
  monitoring: string[] = [];
  constructor(readonly options: { hostName: string }) {
    net.mdns.push(this);
  }
  monitor(service: string, _callback: unknown): void {
    this.monitoring.push(service);
  }
  close(): void {
    this.closed = true;
  }
}

/** modules/network/sntp/sntp.js: asks `host`; the callback gets (1, seconds), (2) on a retry, or
 * (-1, message) on failure, when returning another host makes it ask that one. */
export class SNTP {
  static readonly time = 1;
  static readonly retry = 2;
  static readonly error = -1;
  hosts: string[];
  closed = false;
  constructor(
    options: { host: string },
    private readonly callback: (message: number, value?: unknown) => unknown,
  ) {
    this.hosts = [options.host];
    net.sntps.push(this);
  }
  answer(seconds: number): void {
    if (this.closed) return;
    this.closed = true; // the module closes before it calls back with the time
    this.callback(SNTP.time, seconds);
  }
  fail(): void {
    if (this.closed) return;
    const next = this.callback(SNTP.error, 'no response from SNTP server');
    if (typeof next === 'string') this.hosts.push(next);
    else this.closed = true;
  }
  close(): void {
    this.closed = true;
  }
}

/** crypt's Digest: SHA-256 through Node's crypto (the bundle runs in Node). */
import { createHash } from 'node:crypto';
export class Digest {
  #hash = createHash('sha256');
  constructor(type: string) {
    if (type !== 'SHA256') throw new Error(`unsupported digest ${type}`);
  }
  write(data: ArrayBuffer | ArrayBufferView | string): void {
    this.#hash.update(typeof data === 'string' ? Buffer.from(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  }
  close(): ArrayBuffer {
    const b = this.#hash.digest();
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  }
}
