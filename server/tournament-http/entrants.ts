// Entrants (docs/tournament.md §3.2): players, or teams of two for doubles, entered one at a time or as
// the whole list from a CSV (the core's parseEntrantsCsv), late entries and withdrawals between rounds.
// Each write is one entry of the change log (§4).
import { insertRows, type Row, type Sql } from '../db/sql.ts';
import { ENTRANTS_MAX, LONG_TEXT_MAX, NAME_MAX } from '../tournament/caps.ts';
import { parseEntrantsCsv, TooLarge, type EntryPlayer } from '../tournament/csv.ts';
import { joinSpaces, sameName, splitName } from '../tournament/sol.ts';
import { TournamentError } from '../tournament/types.ts';
import { Refusal } from './answer.ts';
import { logChange } from './changes.ts';
import { list, object, onlyKnown, optionalText, text, whole, type Body } from './fields.ts';
import { currentRound, fieldsOf, tournamentRow } from './tournaments.ts';
import type { EntrantBody, PlayerBody } from '../json/tournament.ts';

export interface EntrantView {
  id: string;
  name: string;
  seed: number;
  players: EntryPlayer[];
  withdrawn: boolean;
  withdrawnAfterRound: number | null;
  enteredRound: number;
}

const PLAYER_FIELDS = ['name', 'firstName', 'lastName', 'club', 'nationality', 'rating'] as const satisfies readonly (keyof PlayerBody)[];

export function entrantView(r: Row): EntrantView {
  const after = r.withdrawn_after === null ? null : Number(r.withdrawn_after);
  return { id: String(r.id), name: String(r.name), seed: Number(r.seed), players: JSON.parse(String(r.players)), withdrawn: after !== null, withdrawnAfterRound: after, enteredRound: Number(r.entered_round) };
}

export async function listEntrants(sql: Sql, tournament: number): Promise<EntrantView[]> {
  return (await sql.all('SELECT * FROM carrom_entrants WHERE tournament_id = ? ORDER BY seed', [tournament])).map(entrantView);
}

/** A round drawn but not published stands in the way of any change to the field: draw it again after. */
async function noDraft(sql: Sql, tournament: number): Promise<number> {
  const round = await currentRound(sql, tournament);
  const draft = (await sql.all("SELECT round FROM carrom_rounds WHERE tournament_id = ? AND status = 'draft'", [tournament]))[0];
  if (draft) throw new Refusal(409, `round ${Number(draft.round)} is a draft: publish or discard it first`);
  return round;
}

function player(v: unknown, at: string): EntryPlayer {
  const p = object(v, at);
  onlyKnown(p, PLAYER_FIELDS, `${at}.`);
  // Names are kept with their inner spaces joined: "Asha  Rao" is "Asha Rao", as SoL takes it (sameName).
  let firstName = joinSpaces(optionalText(p.firstName, `${at}.firstName`, NAME_MAX) ?? '');
  let lastName = joinSpaces(optionalText(p.lastName, `${at}.lastName`, NAME_MAX) ?? '');
  const name = p.name === undefined && lastName ? `${firstName} ${lastName}`.trim() : joinSpaces(text(p.name, `${at}.name`, 1, NAME_MAX));
  if (!lastName) ({ firstName, lastName } = splitName(name));
  const nat = optionalText(p.nationality, `${at}.nationality`, 3)?.toUpperCase() ?? null;
  if (nat !== null && !/^[A-Z]{3}$/.test(nat)) throw new Refusal(400, `${at}.nationality: "${p.nationality}" is not an ISO 3166 alpha-3 code (IND, ITA …)`);
  if (p.rating !== undefined && p.rating !== null && (typeof p.rating !== 'number' || !Number.isFinite(p.rating))) throw new Refusal(400, `${at}.rating: must be a number`);
  return { name, firstName, lastName, club: optionalText(p.club, `${at}.club`, LONG_TEXT_MAX), nationality: nat, rating: typeof p.rating === 'number' ? p.rating : null };
}

/** The players of a body: `players` ([one] or [two] for doubles), or for singles the player's own fields. */
function playersOf(body: Body, mode: string): EntryPlayer[] {
  const { seed: _seed, ...own } = body; // the entrant's seed is not the player's
  const ps = 'players' in body ? list(body.players, 'players').map((p, i) => player(p, `players[${i}]`)) : [player(own, 'entrant')];
  const want = mode === 'doubles' ? 2 : 1;
  if (ps.length !== want) throw new Refusal(400, `players: ${mode} needs ${want} player${want === 1 ? '' : 's'}, not ${ps.length}`);
  return ps;
}

async function checkName(sql: Sql, tournament: number, name: string, except: number | null): Promise<void> {
  if ([...name].length > NAME_MAX) throw new Refusal(400, `name: "${name}" is longer than ${NAME_MAX} characters`);
  // Compared here, not in SQL: the two databases fold case differently, and a name kept before names were
  // joined ("Asha  Rao") is the same entrant's too.
  const same = (await sql.all('SELECT id, name FROM carrom_entrants WHERE tournament_id = ? AND id <> ?', [tournament, except ?? -1])).find((r) => sameName(String(r.name), name));
  if (same) throw new Refusal(400, `name: ${name} is entered already (entrant ${Number(same.id)}${String(same.name) === name ? '' : `, ${String(same.name)}`})`);
}

async function insert(tx: Sql, tournament: number, name: string, seed: number, players: EntryPlayer[], entered: number): Promise<number> {
  const rows = await tx.all('INSERT INTO carrom_entrants (tournament_id, name, seed, players, withdrawn_after, entered_round) VALUES (?, ?, ?, ?, NULL, ?) RETURNING id', [tournament, name, seed, JSON.stringify(players), entered]);
  return Number(rows[0].id);
}

/** One entrant; after round 1 it is a late entry, drawn from the next round on (§6.4). */
export async function addEntrant(tx: Sql, tournament: number, body: Body, organiser: string, now: Date): Promise<EntrantView> {
  const t = fieldsOf(await tournamentRow(tx, tournament, true));
  const round = await noDraft(tx, tournament);
  if (round > 0 && t.system !== 'swiss') throw new Refusal(409, `round ${round} is drawn: ${t.system === 'knockout' ? 'a knockout' : 'an all-play-all'} cannot take late entries`);
  onlyKnown(body, ['players', 'seed', ...PLAYER_FIELDS] satisfies (keyof EntrantBody)[]);
  const players = playersOf(body, t.mode);
  const name = players.map((p) => p.name).join(' & ');
  const entered = Number((await tx.all('SELECT COUNT(*) AS n FROM carrom_entrants WHERE tournament_id = ?', [tournament]))[0].n);
  if (entered >= ENTRANTS_MAX) throw new Refusal(409, `entrants: the tournament has ${entered} entrants, the cap is ${ENTRANTS_MAX} (docs/tournament.md §3.5)`);
  await checkName(tx, tournament, name, null);
  const top = Number((await tx.all('SELECT MAX(seed) AS s FROM carrom_entrants WHERE tournament_id = ?', [tournament]))[0].s ?? 0);
  let seed = top + 1;
  if (body.seed !== undefined) {
    if (round > 0) throw new Refusal(409, 'seed: a late entry is seeded after the others');
    seed = whole(body.seed, 'seed', 1, 100_000);
    if ((await tx.all('SELECT id FROM carrom_entrants WHERE tournament_id = ? AND seed = ?', [tournament, seed])).length > 0) throw new Refusal(400, `seed: ${seed} is taken`);
  }
  const id = await insert(tx, tournament, name, seed, players, round + 1);
  await logChange(tx, tournament, { by: { organiser }, action: 'enter', target: { entrant: id }, before: {}, after: { name, seed, players, enteredRound: round + 1 } }, now);
  return entrantView((await tx.all('SELECT * FROM carrom_entrants WHERE id = ?', [id]))[0]);
}

/** The whole entry list from a CSV, before round 1 and before anyone is entered: any bad line refuses it all. */
export async function importEntrants(tx: Sql, tournament: number, csv: string, organiser: string, now: Date): Promise<EntrantView[]> {
  const t = fieldsOf(await tournamentRow(tx, tournament, true));
  if ((await currentRound(tx, tournament)) > 0) throw new Refusal(409, 'round 1 is drawn: the CSV import is for the entry list before it (enter late entries one by one)');
  const had = Number((await tx.all('SELECT COUNT(*) AS n FROM carrom_entrants WHERE tournament_id = ?', [tournament]))[0].n);
  if (had > 0) throw new Refusal(409, `the tournament has ${had} entrant(s) already: the CSV import gives the whole list, before anyone is entered`);
  // PostgreSQL refuses a NUL in text and SQLite keeps it: refused alike on both, before anything is read.
  const nul = csv.indexOf('\u0000');
  if (nul >= 0) throw new Refusal(400, `line ${csv.slice(0, nul).split('\n').length}: holds a NUL character`);
  let entries;
  try {
    entries = parseEntrantsCsv(csv, t.mode);
  } catch (e) {
    if (e instanceof TooLarge) throw new Refusal(413, `entrants.csv: ${e.message} (docs/tournament.md §3.5)`);
    if (e instanceof TournamentError) throw new Refusal(400, e.message);
    throw e;
  }
  // In as few statements as the databases take, not one an entrant: SQLite's statements run on the event loop.
  const head = 'INSERT INTO carrom_entrants (tournament_id, name, seed, players, withdrawn_after, entered_round)';
  await insertRows(tx, head, 5, entries.map((e) => [tournament, e.name, e.seed, JSON.stringify(e.players), 1]), '', '(?, ?, ?, ?, NULL, ?)');
  await logChange(tx, tournament, { by: { organiser }, action: 'import', target: {}, before: {}, after: { entrants: entries.length } }, now);
  return listEntrants(tx, tournament);
}

/** An entrant entered by mistake, removed before round 1 is drawn (its seed's gap closed, the seeds after
 * it one less): it never played, so nothing of it stays but the change log's entry. From round 1 on, a
 * withdrawal keeps it (patchEntrant). */
export async function removeEntrant(tx: Sql, tournament: number, id: number, organiser: string, now: Date): Promise<void> {
  await tournamentRow(tx, tournament, true);
  const row = (await tx.all('SELECT * FROM carrom_entrants WHERE tournament_id = ? AND id = ?', [tournament, id]))[0];
  if (!row) throw new Refusal(404, `tournament ${tournament} has no entrant ${id}`);
  const was = entrantView(row);
  const round = await currentRound(tx, tournament);
  if (round === 1 && (await tx.all("SELECT round FROM carrom_rounds WHERE tournament_id = ? AND round = 1 AND status = 'draft'", [tournament])).length > 0) {
    throw new Refusal(409, `round 1 is a draft: discard it first, then remove ${was.name}`);
  }
  if (round > 0) throw new Refusal(409, `round ${round} is drawn: ${was.name} can only withdraw now (PATCH {"withdrawn": true}), the matches played stay`);
  await tx.run('DELETE FROM carrom_entrants WHERE id = ?', [id]);
  await tx.run('UPDATE carrom_entrants SET seed = seed - 1 WHERE tournament_id = ? AND seed > ?', [tournament, was.seed]);
  await logChange(tx, tournament, { by: { organiser }, action: 'remove', target: { entrant: id }, before: { name: was.name, seed: was.seed, players: was.players }, after: {} }, now);
}

/** A withdrawal between rounds, or (before round 1) a change of name, club, nationality, rating or seed. */
export async function patchEntrant(tx: Sql, tournament: number, id: number, body: Body, organiser: string, now: Date): Promise<EntrantView> {
  const t = fieldsOf(await tournamentRow(tx, tournament, true));
  const row = (await tx.all('SELECT * FROM carrom_entrants WHERE tournament_id = ? AND id = ?', [tournament, id]))[0];
  if (!row) throw new Refusal(404, `tournament ${tournament} has no entrant ${id}`);
  const was = entrantView(row);
  const round = await noDraft(tx, tournament);
  onlyKnown(body, ['withdrawn', 'players', 'seed', ...PLAYER_FIELDS] satisfies (keyof EntrantBody)[]);
  if ('withdrawn' in body) {
    if (body.withdrawn !== true) throw new Refusal(400, 'withdrawn: only true (a withdrawal) can be given');
    if (Object.keys(body).length > 1) throw new Refusal(400, 'withdrawn: a withdrawal comes alone, without other changes');
    if (was.withdrawn) throw new Refusal(409, `${was.name} withdrew after round ${was.withdrawnAfterRound} already`);
    // Before round 1 there is nothing to keep: the entrant is removed (DELETE), not withdrawn.
    if (round === 0) throw new Refusal(409, `no round is drawn yet: remove ${was.name} instead (DELETE /api/v1/tournaments/${tournament}/entrants/${id}); a withdrawal is for one who has played`);
    await tx.run('UPDATE carrom_entrants SET withdrawn_after = ? WHERE id = ?', [round, id]);
    await logChange(tx, tournament, { by: { organiser }, action: 'withdraw', target: { entrant: id }, before: { withdrawn: false }, after: { withdrawn: true, withdrawnAfterRound: round } }, now);
  } else {
    if (round > 0) throw new Refusal(409, `round ${round} is drawn: only a withdrawal can change an entrant now`);
    const changed: Body = { ...body };
    delete changed.seed;
    let players = was.players;
    if (Object.keys(changed).length > 0) {
      // The fields given replace the player's, the others stay (a singles player's own fields, or `players` whole).
      players = 'players' in changed ? playersOf(changed, t.mode) : [player({ ...was.players[0], ...changed, ...('name' in changed && !('lastName' in changed) ? { firstName: undefined, lastName: undefined } : {}) }, 'entrant'), ...was.players.slice(1)];
    }
    const name = players.map((p) => p.name).join(' & ');
    await checkName(tx, tournament, name, id);
    const seed = body.seed === undefined ? was.seed : whole(body.seed, 'seed', 1, 100_000);
    if (seed !== was.seed && (await tx.all('SELECT id FROM carrom_entrants WHERE tournament_id = ? AND seed = ?', [tournament, seed])).length > 0) throw new Refusal(400, `seed: ${seed} is taken`);
    await tx.run('UPDATE carrom_entrants SET name = ?, seed = ?, players = ? WHERE id = ?', [name, seed, JSON.stringify(players), id]);
    await logChange(tx, tournament, { by: { organiser }, action: 'update', target: { entrant: id }, before: { name: was.name, seed: was.seed, players: was.players }, after: { name, seed, players } }, now);
  }
  return entrantView((await tx.all('SELECT * FROM carrom_entrants WHERE id = ?', [id]))[0]);
}
