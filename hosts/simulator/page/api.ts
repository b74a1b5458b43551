// The simulator's API as the page calls it: the same POSTs a script makes (README "Driving the
// simulator"), typed by what the server reads and answers (../snapshot.ts).
import type { Answers, ErrorAnswer, Requests } from '../snapshot.ts';
import { $ } from './dom.ts';
import { words } from './i18n.ts';

/** A line for the player: why an action did nothing (the API's error), or nothing. */
export function say(text: string): void {
  $('message').textContent = text;
}

/** The body of an answer as JSON, or null when it is none. */
async function json(r: Response): Promise<unknown> {
  try {
    return await r.json();
  } catch {
    return null;
  }
}

const errorOf = (body: unknown): string | undefined => (typeof body === 'object' && body !== null && 'error' in body ? (body as ErrorAnswer).error : undefined);

/** POSTs `body` to /api/`route`: the answer, or null when there is none to use (the API's error is said). */
export async function post<R extends keyof Requests>(route: R, body: Requests[R]): Promise<Answers[R] | null> {
  let r: Response;
  try {
    r = await fetch(`/api/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    // The simulator stopped (or the network between): say so rather than throw; the event stream's
    // reconnection shows when it is back.
    say(words('noAnswer'));
    return null;
  }
  const answer = await json(r);
  say(r.ok ? '' : (errorOf(answer) ?? `${route}: ${r.status} ${r.statusText}`));
  // A 200 from the simulator's server is its answer to this route (server.ts builds it as Answers[R]).
  return r.ok ? (answer as Answers[R] | null) : null;
}
