// Reading the JSON bodies of the tournament interface: each field checked for its type and range, and a
// refusal (400) that names it (`entrants[3].name: empty`) for the first that does not hold.
import { LONE_SURROGATE } from '../records/record.ts';
import { strictJsonProblem } from '../common/strict-json.ts';
import { Refusal } from './answer.ts';

export type Body = Record<string, unknown>;

/** The body as a JSON object, or a 400 saying why not: as the records' bodies (server/common/strict-json.ts),
 * no key twice in an object and nothing nested deeper than 64 levels, which the checks below and their
 * error messages could not walk. */
export function jsonObject(raw: Buffer): Body {
  const text = raw.toString('utf8');
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new Refusal(400, `the body is not JSON: ${(e as Error).message}`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Refusal(400, 'the body must be a JSON object');
  const problem = strictJsonProblem(text);
  if (problem) throw new Refusal(400, problem);
  return v as Body;
}

const bad = (at: string, what: string) => new Refusal(400, `${at}: ${what}`);

/** A value as an error message shows it: its JSON, cut short (a field may hold a megabyte). */
function shown(v: unknown): string {
  const json = JSON.stringify(v) ?? 'nothing';
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

export function text(v: unknown, at: string, min: number, max: number): string {
  if (typeof v !== 'string') throw bad(at, `must be text, not ${shown(v)}`);
  // Neither database keeps these as sent (PostgreSQL refuses a NUL, SQLite keeps it): refused alike on both.
  if (v.includes('\u0000') || LONE_SURROGATE.test(v)) throw bad(at, 'holds a NUL character or a lone surrogate');
  const n = [...v.trim()].length;
  if (n < min) throw bad(at, 'empty');
  if (n > max) throw bad(at, `longer than ${max} characters`);
  return v.trim();
}

export function optionalText(v: unknown, at: string, max: number): string | null {
  return v === undefined || v === null || v === '' ? null : text(v, at, 1, max);
}

export function whole(v: unknown, at: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw bad(at, `must be a whole number from ${min} to ${max}, not ${shown(v)}`);
  return v;
}

export function oneOf<T extends string>(v: unknown, at: string, values: readonly T[]): T {
  if (typeof v !== 'string' || !values.includes(v as T)) throw bad(at, `must be one of ${values.join(', ')}, not ${shown(v)}`);
  return v as T;
}

export function date(v: unknown, at: string): string {
  const s = text(v, at, 1, 10);
  const d = new Date(`${s}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) throw bad(at, `must be a day as YYYY-MM-DD, not "${s}"`);
  return s;
}

export function object(v: unknown, at: string): Body {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad(at, 'must be a JSON object');
  return v as Body;
}

export function list(v: unknown, at: string): unknown[] {
  if (!Array.isArray(v)) throw bad(at, 'must be a list');
  return v;
}

/** Refuses any field not in `known`: a typo would otherwise be dropped without a word. */
export function onlyKnown(body: Body, known: readonly string[], at = ''): void {
  for (const k of Object.keys(body)) if (!known.includes(k)) throw bad(`${at}${k}`, `unknown field (the fields are ${known.join(', ')})`);
}
