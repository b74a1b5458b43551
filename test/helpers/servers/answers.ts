// For the server's fault tests: a bounded wait for a condition, and a post that gives up after a while,
// so that a server that never answers fails a test instead of hanging it.
import { signature } from '../../../tools/results.ts';

/** Polls `check` every 50 ms until it holds, or throws after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Answered {
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
}

/** A request's answer, or a rejection saying there was none within `ms`. */
export async function answerOf(url: string, init: RequestInit = {}, ms = 20_000): Promise<Answered> {
  let r: Response;
  try {
    r = await fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
  } catch (e) {
    throw new Error(`no answer from ${init.method ?? 'GET'} ${url} within ${ms} ms (${(e as Error).message})`);
  }
  const text = await r.text();
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text);
  } catch {
    json = { unparsed: text };
  }
  return { status: r.status, headers: r.headers, json };
}

/** Posts `body` as table `table` signed with `secret`, as a table does. */
export function post(url: string, table: string, secret: string, body: string, ms?: number): Promise<Answered> {
  const headers = { 'Content-Type': 'application/json', 'Carrom-Table': table, 'Carrom-Signature': signature(secret, body) };
  return answerOf(`${url}/api/v1/records`, { method: 'POST', headers, body }, ms);
}
