// Server-sent events: a `record` event to every open page at each stored record.
import type { ServerResponse } from 'node:http';

export class EventHub {
  private readonly open = new Set<ServerResponse>();
  private readonly beat: NodeJS.Timeout;

  constructor() {
    // A comment now and then keeps proxies and phones from closing a quiet stream.
    this.beat = setInterval(() => this.each((r) => r.write(': still here\n\n')), 15_000);
    this.beat.unref();
  }

  subscribe(res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write('retry: 2000\n\n');
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
  }

  send(event: string, data: unknown): void {
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    this.each((r) => r.write(text));
  }

  close(): void {
    clearInterval(this.beat);
    this.each((r) => r.end());
    this.open.clear();
  }

  private each(f: (r: ServerResponse) => void): void {
    for (const r of this.open) f(r);
  }
}
