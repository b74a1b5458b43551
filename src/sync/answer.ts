// What the server's answer means for a record (sync.md §2), decided in one place:
//   ack    — the server has it (201 stored, 200 a duplicate of what it stored): delete it;
//   refuse — the server will never take this record as it is (400, 409, 413, 422): keep it, marked
//            refused, shown on the display, and go on with the next one;
//   wait   — a setting is wrong (401 signature, 404 unknown table, not a results server at all):
//            keep it, show it, try again only after a long wait or when a person says so;
//   retry  — no answer, or the server is in trouble (5xx, anything else): back off and try again.

import type { PostAnswer } from './ports.ts';

export type Verdict = { do: 'ack' } | { do: 'refuse' | 'wait' | 'retry'; error: string };

const REFUSED = Object.freeze([400, 409, 413, 422]);
const SETTINGS = Object.freeze([401, 403, 404]);

/** The server's `{"error": "..."}`, or the start of whatever it said. */
export function errorText(body: string): string {
  try {
    const v = JSON.parse(body) as { error?: unknown };
    if (v && typeof v.error === 'string') return v.error;
  } catch {
    // not JSON: say what came
  }
  return body.trim().slice(0, 80);
}

function acknowledged(a: PostAnswer): boolean {
  try {
    const v = JSON.parse(a.body) as { stored?: unknown; duplicate?: unknown };
    return a.status === 201 ? v.stored === true : v.duplicate === true;
  } /* Stryker disable next-line BlockStatement: emptied, it returns undefined, which judge() takes as false */ catch {
    return false;
  }
}

export function judge(error: string | null, answer: PostAnswer | null): Verdict {
  if (error !== null || answer === null) return { do: 'retry', error: `no answer: ${error ?? 'none'}` };
  const s = answer.status;
  if (s === 200 || s === 201) {
    // A record is deleted only on the contract's own words: a stray web server's 200 is not a receipt.
    if (acknowledged(answer)) return { do: 'ack' };
    const said = errorText(answer.body);
    return { do: 'wait', error: `${s} but not a results server's answer${said ? `: ${said}` : ''}` };
  }
  const what = `${s} ${errorText(answer.body)}`.trim();
  if (REFUSED.includes(s)) return { do: 'refuse', error: what };
  if (SETTINGS.includes(s)) return { do: 'wait', error: what };
  return { do: 'retry', error: what };
}
