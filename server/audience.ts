// Who reads (docs/server.md §4, "A tournament's delay"): an organiser logged in reads every tournament's
// play live; anyone else (a spectator, a hall screen, a federation's tools) as of now − each tournament's
// delay. A request without a session cookie is the public's without asking the database.
import type { IncomingMessage } from 'node:http';
import type { ReadView } from './club/read-view.ts';
import type { Sql } from './db/sql.ts';
import { PublicView } from './live/delay-reads.ts';
import { delayedSql } from './live/delay-rows.ts';
import type { Delays } from './live/delays.ts';
import { cookies, SESSION_COOKIE } from './tournament-http/auth.ts';
import { sessionLives } from './tournament-http/organisers.ts';

/** Whether the request comes with an organiser's session that has not ended (one read, no write). */
export async function isOrganiser(sql: Sql, req: IncomingMessage, now: Date): Promise<boolean> {
  const token = cookies(req).get(SESSION_COOKIE);
  return token !== undefined && (await sessionLives(sql, token, now));
}

/** What a read of the records shows this request: null (as stored) for an organiser, else the public's
 *  view now (asked only when a read of records needs it). */
export function viewFor(sql: Sql, delays: Delays | undefined, req: IncomingMessage, now: () => Date): () => Promise<ReadView | null> {
  return async () => {
    // No tournament with a delay (most days): everything reads as stored, and nobody is asked who they are.
    if (!delays || delays.delayed().size === 0 || (await isOrganiser(sql, req, now()))) return null;
    return PublicView.at(sql, delays, now().getTime());
  };
}

/** The database as a read of a tournament sees it: as stored for an organiser (or a path no tournament's),
 *  else its draw as of now − each tournament's delay. */
export async function publicSql(sql: Sql, delays: Delays | undefined, req: IncomingMessage, now: () => Date): Promise<Sql> {
  if (!delays || delays.delayed().size === 0 || !(req.url ?? '').startsWith('/api/v1/tournaments') || (await isOrganiser(sql, req, now()))) return sql;
  return delayedSql(sql, await PublicView.at(sql, delays, now().getTime()));
}
