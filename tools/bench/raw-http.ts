// The bench's tables' HTTP client: a table's one kept-alive connection, posting one request at a time,
// written as HTTP/1.1 by hand over a TCP socket, as a table's own small client speaks it. node:http's
// client took about as much CPU per post as its server (its request and response objects, streams,
// header checks, the agent), on the same two cores as the servers it measures: here a post is one
// write and its answer is read for its status line, its Content-Length and its body's end.
import { connect, type Socket } from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');

interface Pending {
  resolve(status: number): void;
  reject(e: Error): void;
}

/** An answer's head, parsed: its status, and how its body ends. */
interface Head {
  status: number;
  /** The body's length, or -1 when it runs until the connection closes. */
  length: number;
  chunked: boolean;
  close: boolean;
}

export class Connection {
  private socket: Socket | null = null;
  private pending: Pending | null = null;
  private data: Buffer = Buffer.alloc(0);
  private head: Head | null = null;
  /** Whether any byte of the answer came: a kept-alive socket the server closed before answering is
   * tried once more on a new one, as node:http's agent does. */
  private answered = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** POSTs `body` to `path` with the header lines `headers` ("Name: value\r\n" each); resolves to
   * the answer's status once its body has been read. One at a time. */
  post(path: string, headers: string, body: Buffer): Promise<number> {
    if (this.pending) return Promise.reject(new Error('one request at a time on a connection'));
    const request = Buffer.from(`POST ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\nContent-Length: ${body.length}\r\n${headers}\r\n`, 'latin1');
    const send = (): Promise<number> =>
      new Promise<number>((resolve, reject) => {
        const socket = this.open();
        this.pending = { resolve, reject };
        this.answered = false;
        socket.cork();
        socket.write(request);
        socket.write(body);
        socket.uncork();
      });
    const reused = this.socket !== null;
    return send().catch((e: Error & { retry?: boolean }) => (reused && e.retry ? send() : Promise.reject(e)));
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): Socket {
    if (this.socket) return this.socket;
    const socket = connect({ host: this.host, port: this.port, noDelay: true });
    this.socket = socket;
    this.data = Buffer.alloc(0);
    this.head = null;
    socket.on('data', (chunk: Buffer) => {
      if (this.socket !== socket) return;
      this.answered = true;
      this.data = this.data.length === 0 ? chunk : Buffer.concat([this.data, chunk]);
      this.read();
    });
    const gone = (e?: Error) => {
      // A socket closed after its answer (Connection: close) closes late, when the next request may
      // be under way on a new one: only the current socket's end is the pending request's.
      if (this.socket !== socket) return;
      this.socket = null;
      const p = this.pending;
      if (!p) return;
      // An answer whose body runs until the close is complete now.
      if (this.head && this.head.length < 0 && !this.head.chunked) return this.finish(this.head.status, true);
      this.pending = null;
      const err = Object.assign(e ?? new Error('the server closed the connection before its answer'), { retry: !this.answered });
      p.reject(err);
    };
    socket.on('error', gone);
    socket.on('close', () => gone());
    return socket;
  }

  /** Takes what has come of the answer: its head, then its body, until it is whole. */
  private read(): void {
    if (!this.pending) return;
    if (!this.head) {
      const end = this.data.indexOf(HEAD_END);
      if (end < 0) return;
      try {
        this.head = parseHead(this.data.toString('latin1', 0, end));
      } catch (e) {
        const p = this.pending;
        this.pending = null;
        this.close();
        return p.reject(e as Error);
      }
      this.data = this.data.subarray(end + HEAD_END.length);
    }
    const h = this.head;
    if (h.chunked) {
      // Only the terminating chunk is looked for: the bench reads no body.
      if (this.data.indexOf('0\r\n\r\n') < 0) return;
      this.data = Buffer.alloc(0);
      return this.finish(h.status, h.close);
    }
    if (h.length < 0 || this.data.length < h.length) return;
    this.data = this.data.subarray(h.length);
    this.finish(h.status, h.close);
  }

  private finish(status: number, close: boolean): void {
    const p = this.pending!;
    this.pending = null;
    this.head = null;
    if (close) this.close();
    p.resolve(status);
  }
}

function parseHead(text: string): Head {
  const lines = text.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0])?.[1] ?? NaN);
  if (!Number.isInteger(status)) throw new Error(`not an HTTP answer: ${JSON.stringify(lines[0])}`);
  let length = -1;
  let chunked = false;
  let close = false;
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim().toLowerCase();
    if (name === 'content-length') length = Number(value);
    else if (name === 'transfer-encoding') chunked = value.includes('chunked');
    else if (name === 'connection') close = value === 'close';
  }
  // A 1xx or 204/304 has no body.
  if (status < 200 || status === 204 || status === 304) length = 0;
  return { status, length, chunked, close: close || (length < 0 && !chunked) };
}
