// Tournaments (docs/tournament.md §3.1): created, read, listed and changed, each change logged (§4).
// `system`, `mode`, `rules`, `options`, `couplings` and `phantomScore` are fixed once round 1 is drawn:
// the draw and the byes' scores depended on them.
import { start } from '../../src/rules/index.ts';
import type { Row, Sql } from '../db/sql.ts';
import { DELAY_MAX, LONG_TEXT_MAX, ROUNDS_MAX, TABLES_MAX } from '../tournament/caps.ts';
import { PHANTOM_SCORE } from '../tournament/types.ts';
import { Refusal } from './answer.ts';
import { logChange } from './changes.ts';
import { date, list, object, oneOf, onlyKnown, text, whole, type Body } from './fields.ts';
import type { TournamentBody } from '../json/tournament.ts';

export const SYSTEMS = ['swiss', 'knockout', 'all-play-all'] as const;
export const MODES = ['singles', 'doubles'] as const;
export const COUPLINGS = ['serial', 'dazed', 'staggered'] as const;
const FIELDS = ['name', 'date', 'rules', 'options', 'mode', 'system', 'couplings', 'rounds', 'phantomScore', 'tables', 'club', 'championship', 'delay'] as const satisfies readonly (keyof TournamentBody)[];
/** Fixed once round 1 is drawn. */
const BEFORE_ROUND_1: readonly string[] = ['system', 'mode', 'rules', 'options', 'couplings', 'phantomScore'];

export interface TournamentFields {
  name: string;
  date: string;
  rules: string;
  options: Record<string, unknown>;
  mode: (typeof MODES)[number];
  system: (typeof SYSTEMS)[number];
  couplings: (typeof COUPLINGS)[number];
  rounds: number;
  phantomScore: number;
  tables: string[];
  club: string;
  championship: string;
  /** Minutes the public views and feeds lag behind the tournament's play, 0 to 60 (docs/tournament.md
   *  §8.2, server/live/delay.ts): the organisers see it live. May change at any time. */
  delay: number;
}

export interface TournamentView extends TournamentFields {
  id: number;
  status: 'registration' | 'running' | 'finished';
  currentRound: number;
  /** The number of the tournament's last round, as far as it is known: a Swiss's `rounds`; an
   * all-play-all's and a knockout's from their field (round 1's, or before it the entrants now), null
   * while fewer than two are entered. No round after it can be drawn. */
  lastRound: number | null;
}

/** The fields given, checked, over `base` (the defaults for a new one, the tournament as it is for a change). */
async function checkFields(sql: Sql, body: Body, base: TournamentFields): Promise<TournamentFields> {
  onlyKnown(body, FIELDS);
  const f = { ...base };
  if ('name' in body) f.name = text(body.name, 'name', 1, LONG_TEXT_MAX);
  if ('date' in body) f.date = date(body.date, 'date');
  if ('rules' in body) f.rules = text(body.rules, 'rules', 1, 40);
  if ('options' in body) f.options = object(body.options, 'options');
  if ('mode' in body) f.mode = oneOf(body.mode, 'mode', MODES);
  if ('system' in body) f.system = oneOf(body.system, 'system', SYSTEMS);
  if ('couplings' in body) f.couplings = oneOf(body.couplings, 'couplings', COUPLINGS);
  if ('rounds' in body) f.rounds = whole(body.rounds, 'rounds', 1, ROUNDS_MAX);
  if ('phantomScore' in body) f.phantomScore = whole(body.phantomScore, 'phantomScore', 1, 25);
  if ('club' in body) f.club = text(body.club, 'club', 1, LONG_TEXT_MAX);
  if ('championship' in body) f.championship = text(body.championship, 'championship', 1, LONG_TEXT_MAX);
  if ('delay' in body) f.delay = whole(body.delay, 'delay', 0, DELAY_MAX);
  if ('tables' in body) {
    const known = new Set((await sql.all('SELECT id FROM carrom_tables')).map((r) => String(r.id)));
    const tables = list(body.tables, 'tables');
    if (tables.length > TABLES_MAX) throw new Refusal(400, `tables: ${tables.length} tables, the cap is ${TABLES_MAX} (docs/tournament.md §3.5)`);
    f.tables = tables.map((t, i) => {
      const id = text(t, `tables[${i}]`, 1, 40);
      if (!known.has(id)) throw new Refusal(400, `tables[${i}]: ${id} is not a registered table`);
      return id;
    });
    const twice = f.tables.find((t, i) => f.tables.indexOf(t) !== i);
    if (twice) throw new Refusal(400, `tables: ${twice} is listed twice`);
  }
  // The rules engine is the judge of a preset and its options, as when a table starts a match.
  const players = f.mode === 'doubles' ? ['A', 'B', 'C', 'D'] : ['A', 'B'];
  const s = start({ carrom: 1, rules: f.rules, mode: f.mode, players, breaker: 0, options: f.options });
  if (!s.ok) throw new Refusal(400, `rules: ${s.error}`);
  return f;
}

export async function createTournament(tx: Sql, body: Body, organiser: string, serverName: string, now: Date): Promise<number> {
  for (const required of ['name', 'date', 'rules']) if (!(required in body)) throw new Refusal(400, `${required}: missing`);
  const name = text(body.name, 'name', 1, LONG_TEXT_MAX);
  const defaults: TournamentFields = {
    name, date: '', rules: '', options: {}, mode: 'singles', system: 'swiss', couplings: 'serial', rounds: 5, phantomScore: PHANTOM_SCORE,
    tables: [], club: serverName, championship: name, delay: 0,
  };
  const f = await checkFields(tx, body, defaults);
  const values = [f.name, f.date, f.rules, JSON.stringify(f.options), f.mode, f.system, f.couplings, f.rounds, f.phantomScore, JSON.stringify(f.tables), f.club, f.championship, f.delay];
  const rows = await tx.all(`INSERT INTO carrom_tournaments (name, date, rules, rules_options, mode, system, couplings, rounds, phantom_score, table_ids, club, championship, delay_minutes, log_seq)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0) RETURNING id`, values);
  const id = Number(rows[0].id);
  await logChange(tx, id, { by: { organiser }, action: 'create', target: {}, before: {}, after: { ...f } }, now);
  return id;
}

/** The tournament's row, locked for the transaction on PostgreSQL; a 404 if there is none. */
export async function tournamentRow(sql: Sql, id: number, lock = false): Promise<Row> {
  const row = (await sql.all(`SELECT * FROM carrom_tournaments WHERE id = ?${lock && sql.dialect === 'postgres' ? ' FOR UPDATE' : ''}`, [id]))[0];
  if (!row) throw new Refusal(404, `no tournament ${id}`);
  return row;
}

export function fieldsOf(r: Row): TournamentFields {
  return {
    name: String(r.name), date: String(r.date), rules: String(r.rules), options: JSON.parse(String(r.rules_options)),
    mode: String(r.mode) as TournamentFields['mode'], system: String(r.system) as TournamentFields['system'], couplings: String(r.couplings) as TournamentFields['couplings'],
    rounds: Number(r.rounds), phantomScore: Number(r.phantom_score), tables: JSON.parse(String(r.table_ids)), club: String(r.club), championship: String(r.championship),
    delay: Number(r.delay_minutes ?? 0),
  };
}

/** The highest round drawn (a draft too), 0 before the first. */
export async function currentRound(sql: Sql, id: number): Promise<number> {
  return Number((await sql.all('SELECT MAX(round) AS r FROM carrom_rounds WHERE tournament_id = ?', [id]))[0].r ?? 0);
}

export async function tournamentView(sql: Sql, id: number): Promise<TournamentView> {
  const row = await tournamentRow(sql, id);
  const f = fieldsOf(row);
  const round = await currentRound(sql, id);
  return { id, ...f, status: round === 0 ? 'registration' : (await finished(sql, id, f, round)) ? 'finished' : 'running', currentRound: round, lastRound: await lastRoundOf(sql, id, f, round) };
}

/** The field of an all-play-all or a knockout: round 1's (one who withdrew before it is not in it), or
 * before round 1 the entrants who have not withdrawn. */
async function fieldSize(sql: Sql, id: number, round: number): Promise<number> {
  if (round === 0) return Number((await sql.all('SELECT COUNT(*) AS n FROM carrom_entrants WHERE tournament_id = ? AND withdrawn_after IS NULL', [id]))[0].n);
  const first = await sql.all('SELECT a, b FROM carrom_tmatches WHERE tournament_id = ? AND round = 1', [id]);
  return first.reduce((n, m) => n + (m.b === null ? 1 : 2), 0);
}

async function lastRoundOf(sql: Sql, id: number, f: TournamentFields, round: number): Promise<number | null> {
  if (f.system === 'swiss') return f.rounds;
  const n = await fieldSize(sql, id, round);
  if (n < 2) return null;
  // A knockout pads its field to a power of two (knockout.ts): each round halves it.
  if (f.system === 'knockout') return Math.ceil(Math.log2(n));
  return n % 2 === 0 ? n - 1 : n;
}

/** The last round has every result and no further one can be drawn. */
async function finished(sql: Sql, id: number, f: TournamentFields, round: number): Promise<boolean> {
  // The whole rows: the public's reads see them as of the tournament's delay (server/live/delay-rows.ts).
  const last = await sql.all('SELECT * FROM carrom_tmatches WHERE tournament_id = ? AND round = ?', [id, round]);
  if (last.some((m) => m.score_a === null)) return false;
  if (f.system === 'swiss') return round >= f.rounds;
  if (f.system === 'knockout') return last.length === 1;
  // An all-play-all's field is round 1's (§6.3): one who withdrew before it is not in the circle.
  return round >= ((await lastRoundOf(sql, id, f, round)) ?? 0);
}

export async function listTournaments(sql: Sql): Promise<Pick<TournamentView, 'id' | 'name' | 'date' | 'system' | 'status' | 'currentRound'>[]> {
  const rows = await sql.all('SELECT id FROM carrom_tournaments ORDER BY date DESC, id DESC');
  const out = [];
  for (const r of rows) {
    const t = await tournamentView(sql, Number(r.id));
    out.push({ id: t.id, name: t.name, date: t.date, system: t.system, status: t.status, currentRound: t.currentRound });
  }
  return out;
}

/** A table taken out of the tournament holds no match of the round still to finish: else its display
 * would keep that match, numbered T0 (§5.1's label), and the match could be neither moved nor published
 * there. The organiser moves it first (§3.3). */
async function checkTablesFree(tx: Sql, id: number, round: number, tables: readonly string[]): Promise<void> {
  if (round === 0) return;
  const open = await tx.all(
    `SELECT m.id, m.table_id, a.name AS a_name, b.name AS b_name FROM carrom_tmatches m JOIN carrom_entrants a ON a.id = m.a
     LEFT JOIN carrom_entrants b ON b.id = m.b WHERE m.tournament_id = ? AND m.round = ? AND m.table_id IS NOT NULL AND m.status <> 'finished' ORDER BY m.board`,
    [id, round],
  );
  const held = open.find((m) => !tables.includes(String(m.table_id)));
  if (held) throw new Refusal(409, `tables: ${String(held.table_id)} has match ${Number(held.id)} of round ${round} (${String(held.a_name)} v ${String(held.b_name)}) still to finish: move it to another table first`);
}

export async function updateTournament(tx: Sql, id: number, body: Body, organiser: string, now: Date): Promise<void> {
  const was = fieldsOf(await tournamentRow(tx, id, true));
  const f = await checkFields(tx, body, was);
  const round = await currentRound(tx, id);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const k of FIELDS) {
    if (JSON.stringify(was[k]) === JSON.stringify(f[k])) continue;
    if (round > 0 && BEFORE_ROUND_1.includes(k)) throw new Refusal(409, `${k} can no longer change: round 1 is drawn`);
    before[k] = was[k];
    after[k] = f[k];
  }
  if (f.system === 'swiss' && f.rounds < round) throw new Refusal(409, `rounds: ${round} rounds are drawn already`);
  if ('tables' in after) await checkTablesFree(tx, id, round, f.tables);
  if (Object.keys(after).length === 0) return;
  await tx.run('UPDATE carrom_tournaments SET name = ?, date = ?, rules = ?, rules_options = ?, mode = ?, system = ?, couplings = ?, rounds = ?, phantom_score = ?, table_ids = ?, club = ?, championship = ?, delay_minutes = ? WHERE id = ?', [
    f.name, f.date, f.rules, JSON.stringify(f.options), f.mode, f.system, f.couplings, f.rounds, f.phantomScore, JSON.stringify(f.tables), f.club, f.championship, f.delay, id,
  ]);
  await logChange(tx, id, { by: { organiser }, action: 'update', target: {}, before, after }, now);
}
