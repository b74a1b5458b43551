// What the tournament's handlers give back, and how it is written: JSON for the interface, HTML for the
// login page, a 303 for a form that went through. Every 4xx has `{"error": "<what and where>"}`.
import type { ServerResponse } from 'node:http';

export interface Answer {
  status: number;
  type?: string;
  body: string;
  headers?: Record<string, string | string[]>;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

export const json = (status: number, value: unknown, headers?: Record<string, string | string[]>): Answer => ({ status, type: JSON_TYPE, body: `${JSON.stringify(value)}\n`, headers });
export const refuse = (status: number, error: string, headers?: Record<string, string | string[]>): Answer => json(status, { error }, headers);
export const seeOther = (location: string, headers: Record<string, string | string[]> = {}): Answer => ({ status: 303, body: '', headers: { Location: location, ...headers } });

/** A refusal thrown from deep in a handler (a field that does not hold, a state that does not allow it):
 * the router answers it as it is, and nothing was changed (the transaction rolls back). */
export class Refusal extends Error {
  constructor(readonly status: number, message: string, readonly headers?: Record<string, string>) {
    super(message);
    this.name = 'Refusal';
  }
}

export function write(res: ServerResponse, a: Answer, head: boolean): void {
  res.writeHead(a.status, { 'Content-Type': a.type ?? JSON_TYPE, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...a.headers });
  res.end(head ? undefined : a.body);
}
