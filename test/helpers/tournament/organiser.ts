// For the tournament interface's tests: a results server in this process on loopback with a clock the
// test moves, an organiser logged in through the real login form, and JSON requests with its session.
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { addOrganiser } from '../../../server/tournament-http/organisers.ts';
import { askText } from '../../../src/sync/assignment.ts';
import { matchRecords, playedBy, signature, type TableRecord } from '../../../tools/results.ts';
import { ENGINES } from '../databases/databases.ts';

export interface Clock {
  now: Date;
  /** Moves the clock on by `ms`. */
  pass(ms: number): void;
}

export async function tournamentServer(db: string): Promise<{ server: ResultsServer; clock: Clock }> {
  const clock: Clock = { now: new Date('2026-12-01T09:00:00.000Z'), pass(ms) { this.now = new Date(this.now.getTime() + ms); } };
  const server = await startResultsServer({ port: 0, host: '127.0.0.1', db, mdns: false, now: () => clock.now, log: () => {} });
  return { server, clock };
}

export async function withOrganiser(server: ResultsServer, name: string, password: string): Promise<void> {
  await addOrganiser(server.store.sql, name, password, '2026-12-01T08:00:00.000Z');
}

/** A tournament server with `tables` registered (id → secret) and the organiser asha logged in: the
 * set-up of the tournament interface's tests. */
export async function organisedServer(db: string, tables: Record<string, string>): Promise<{ server: ResultsServer; clock: Clock; asha: LoggedIn }> {
  const { server, clock } = await tournamentServer(db);
  for (const [id, secret] of Object.entries(tables)) await server.store.addTable(id, secret, '2026-12-01T08:00:00.000Z');
  await withOrganiser(server, 'asha', ORGANISER_PASSWORD);
  return { server, clock, asha: await logIn(server.url, 'asha', ORGANISER_PASSWORD) };
}

export const ORGANISER_PASSWORD = 'a long enough password';

/** The tournament interface's tests on each database (ENGINES): a describe of the engine's name around
 * `tests`, a server `start` makes on a fresh database before each test (`once`: before them all),
 * handed to `set` (with its URL and its database) for the tests' own variables, and closed after. */
export function eachEngine<T extends { server: ResultsServer }>(
  start: (db: string) => Promise<T>,
  set: (made: T & { url: string; db: string }) => void,
  tests: () => void,
  once = false,
): void {
  for (const engine of ENGINES) {
    describe(engine.name, () => {
      let server: ResultsServer | undefined;
      (once ? before : beforeEach)(async () => {
        const db = await engine.fresh();
        const made = await start(db);
        server = made.server;
        set({ ...made, url: made.server.url, db });
      });
      (once ? after : afterEach)(() => server?.close());
      tests();
    });
  }
}

/** The headers of a table's ask for its next match as a table signs it (docs/tournament.md §5.1): its
 *  secret over its id, the nonce and `time` (the server's clock, in these tests: a table's is near it). */
export function askHeaders(table: string, secret: string, nonce: string, time: Date): Record<string, string> {
  const iso = time.toISOString();
  return { 'Carrom-Table': table, 'Carrom-Nonce': nonce, 'Carrom-Time': iso, 'Carrom-Signature': signature(secret, askText(table, nonce, iso)) };
}

export interface LoggedIn {
  cookie: string;
  csrf: string;
}

/** The login page's form, as a browser gets it: its token and the login cookie it sets. */
export async function loginForm(url: string): Promise<{ token: string; cookie: string }> {
  const page = await fetch(`${url}/login`);
  const html = await page.text();
  const token = /name="csrf" value="([\w-]+)"/.exec(html)?.[1];
  const cookie = /^(carrom_login=[\w-]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1];
  if (!token || !cookie) throw new Error(`the login page has no form token or cookie: ${page.headers.get('set-cookie')}`);
  return { token, cookie };
}

export async function postLogin(url: string, name: string, password: string, form?: { token: string; cookie: string }): Promise<Response> {
  const f = form ?? (await loginForm(url));
  return fetch(`${url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: f.cookie, Origin: url },
    body: new URLSearchParams({ name, password, csrf: f.token }).toString(),
  });
}

/** Logs in through the form and reads the session's CSRF token. */
export async function logIn(url: string, name: string, password: string): Promise<LoggedIn> {
  const r = await postLogin(url, name, password);
  if (r.status !== 303) throw new Error(`login as ${name}: ${r.status} ${await r.text()}`);
  const cookie = /^(carrom_session=[\w-]+)/.exec(r.headers.getSetCookie().find((c) => c.startsWith('carrom_session=')) ?? '')?.[1];
  if (!cookie) throw new Error('the login set no session cookie');
  const s = (await (await fetch(`${url}/api/v1/session`, { headers: { Cookie: cookie } })).json()) as { csrf: string };
  return { cookie, csrf: s.csrf };
}

export interface Reply {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** A request of the JSON interface with the session (or none), its CSRF header and our own Origin. */
export async function api(url: string, who: LoggedIn | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const h: Record<string, string> = { Origin: url, ...(who ? { Cookie: who.cookie, 'Carrom-CSRF': who.csrf } : {}) };
  if (body !== undefined && typeof body !== 'string') h['Content-Type'] = 'application/json';
  // `headers` overrides those; an empty value leaves the header out.
  Object.assign(h, headers);
  for (const [k, v] of Object.entries(headers)) if (v === '') delete h[k];
  const r = await fetch(`${url}${path}`, { method, headers: h, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, headers: r.headers, json: text ? JSON.parse(text) : null };
}

/** The records of a whole ICF match of `players` on `table` from counter `first`, each carrying the
 * assignment's ids (tournament, round, match) as a table's do. */
export function assignedRecords(table: string, ids: { tournament: number; round: number; match: number }, seed: number, players: readonly string[], first = 1): TableRecord[] {
  return playedBy(table, matchRecords(table, first, seed, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }), players, ids);
}
