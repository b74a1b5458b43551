// The simulator API's requests: the body read up to its limit, the guard against writes from other
// sites' pages, and the checks of what a body holds. Each problem is an HttpError with its status.
import type { IncomingMessage } from 'node:http';
import { readBody } from '../../server/common/body.ts';
import { parseEvent } from '../../src/rules/log.ts';
import { DEFINITE_PIECES, type Piece } from '../../src/rules/types.ts';
import type { TraceCall } from '../../src/sensing/types.ts';
import { LOOPBACK_NAMES } from './host-names.ts';

/** Content types a page on any site may POST here without asking first (no CORS preflight). */
const SIMPLE_TYPES = new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** Close the connection after answering (a body left unread). */
    readonly close = false,
  ) {
    super(message);
  }
}

/** The body, as text; one over the limit is refused without reading the rest of it. */
export async function text(req: IncomingMessage, maxBody: number): Promise<string> {
  const raw = await readBody(req, maxBody);
  if (raw === null) throw new HttpError(413, `the body is larger than ${maxBody} bytes`, true);
  return raw.toString('utf8');
}

/**
 * Writes come from the simulator's own page or from a script. A page on another site open in the same
 * browser can POST here too: a browser says where it comes from (Origin), and without asking first it
 * can only send form or plain-text bodies. So: a foreign Origin is refused, and so is a form or
 * plain-text body unless it is from our own page; a script (curl sends no Origin) sends JSON. The Host
 * must name this machine (`names`: localhost, or with --host the machine's addresses and names, see
 * host-names.ts), so that a foreign name pointed at this machine is not "our own page".
 */
export function refuseForeignWrite(req: IncomingMessage, names: ReadonlySet<string>): void {
  const host = req.headers.host ?? '';
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  if (!names.has(hostname)) throw new HttpError(403, `writes are taken only for ${names.size > LOOPBACK_NAMES.size ? "this machine's own names and addresses" : 'localhost'}, not for host "${host}"`);
  const origin = req.headers.origin;
  const own = origin === `http://${host}`;
  if (origin !== undefined && !own) throw new HttpError(403, `a write from ${origin} is refused: only the simulator's own page or a script may change the table`);
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (SIMPLE_TYPES.has(type) && !own) throw new HttpError(403, `content-type ${type} is refused: send the body as JSON (content-type: application/json)`);
}

/** What POST /api/trace holds: {"readings": [...]}, a JSON list, or JSON lines (a trace header line is
 *  skipped). Lines are kept as text and parsed a part at a time, with the readings. */
export type TraceBody = { list: unknown[] } | { lines: string[] };

export function traceBody(raw: string): TraceBody {
  const whole = raw.trim();
  try {
    const v = JSON.parse(whole === '' ? '{}' : whole);
    if (Array.isArray(v)) return { list: v };
    if (v && typeof v === 'object' && Array.isArray((v as { readings?: unknown }).readings)) return { list: (v as { readings: unknown[] }).readings };
    if (v && typeof v === 'object' && 'ch' in v) return { list: [v] };
    throw new HttpError(400, 'the body must be readings: {"readings": [...]}, a list, or JSON lines (docs/formats.md §2)');
  } catch (e) {
    if (e instanceof HttpError) throw e;
  }
  return { lines: whole.split('\n') };
}

/** Item `i` of a trace body: the reading's JSON, or undefined for a blank or header line to skip. */
export function traceItem(b: TraceBody, i: number): unknown {
  if ('list' in b) return b.list[i];
  const line = b.lines[i];
  if (line.trim() === '') return undefined;
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    throw new HttpError(400, `line ${i + 1}: not JSON`);
  }
  return v && typeof v === 'object' && 'carrom-trace' in v ? undefined : v;
}

export function body(raw: string): unknown {
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'the body is not JSON');
  }
}

export const obj = (v: unknown): Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new HttpError(400, 'the body must be a JSON object');
  return v as Record<string, unknown>;
};
export const int = (v: unknown, name: string, min: number, max: number): number => {
  if (!Number.isInteger(v) || (v as number) < min || (v as number) > max) throw new HttpError(400, `"${name}" must be a whole number ${min}–${max}`);
  return v as number;
};

/** A piece a player can name or drop. */
export function piece(v: unknown): Piece {
  if (!(DEFINITE_PIECES as readonly unknown[]).includes(v)) throw new HttpError(400, `"piece" must be one of ${DEFINITE_PIECES.join(', ')}`);
  return v as Piece;
}

/** A beam named by a fault control: p0.a … p3.b, or null for none. */
export function channel(v: unknown): string | null {
  if (v === null || v === false) return null;
  if (typeof v !== 'string' || !/^p[0-3]\.[ab]$/.test(v)) throw new HttpError(400, 'a beam is named p0.a … p3.b (or null)');
  return v;
}

/** A call as docs/formats.md writes it, checked by the match log's own parser. */
export function checkCall(b: Record<string, unknown>): TraceCall {
  if (b.call === 'identify') {
    return { call: 'identify', piece: piece(b.piece) };
  }
  const e = parseEvent({ ...b, e: 'call', t: 0 }, 0);
  if (!e.ok) throw new HttpError(400, e.error);
  const { e: _e, t: _t, ...c } = e.value as Record<string, unknown>;
  return c as TraceCall;
}
