// A tournament day for the end-to-end tests: a `carrom serve` process with the hall's tables registered
// and an organiser logged in, a tournament of the given players created over the JSON interface, and the
// hall's simulated tables (test/helpers/tournament/hall.ts) that fetch, play and report each round's matches.
import assert from 'node:assert/strict';
import { openStore } from '../../../server/store/store.ts';
import { addOrganiser } from '../../../server/tournament-http/organisers.ts';
import { hallTable, playOffer, setOnline, until, type HallTable } from './hall.ts';
import { ORGANISER_PASSWORD, api, logIn, type LoggedIn } from './organiser.ts';
import { serveProcess, type ServeProcess } from '../servers/processes.ts';
import type { DayMatch, DayRound } from './tournament-checks.ts';

/** A table's secret of its own: 32 bytes of one value, from its place in the hall. */
export const secretOf = (i: number): string => (i + 16).toString(16).padStart(2, '0').repeat(32);

export class TournamentDay {
  /** Entrants' names by id (a team's joined by ` & `), and their players' names. */
  readonly names = new Map<string, string>();
  readonly players = new Map<string, string[]>();
  readonly tables: HallTable[];
  readonly base: string;

  private constructor(
    readonly serve: ServeProcess,
    readonly who: LoggedIn,
    readonly id: number,
    readonly doubles: boolean,
    readonly tableIds: readonly string[],
  ) {
    this.base = `/api/v1/tournaments/${id}`;
    this.tables = tableIds.map((t, i) => hallTable(serve.url, t, secretOf(i), 100 + i));
  }

  get url(): string {
    return this.serve.url;
  }

  /** The server on `db` with `tables`, the tournament (`fields` as POST /api/v1/tournaments takes
   * them, with those tables) and its `entrants` entered one by one in seed order: a player's name, or
   * a team's two for doubles. */
  static async open(db: string, tables: readonly string[], fields: Record<string, unknown>, entrants: readonly (string | readonly string[])[]): Promise<TournamentDay> {
    const store = await openStore(db);
    for (const [i, id] of tables.entries()) await store.addTable(id, secretOf(i), '2026-12-01T08:00:00.000Z');
    await addOrganiser(store.sql, 'asha', ORGANISER_PASSWORD, '2026-12-01T08:00:00.000Z');
    await store.close();
    const serve = await serveProcess(db);
    try {
      const who = await logIn(serve.url, 'asha', ORGANISER_PASSWORD);
      const created = await api(serve.url, who, 'POST', '/api/v1/tournaments', { date: '2026-12-01', ...fields, tables });
      assert.equal(created.status, 201, JSON.stringify(created.json));
      const day = new TournamentDay(serve, who, created.json.tournament.id, created.json.tournament.mode === 'doubles', tables);
      for (const e of entrants) await day.enter(e);
      return day;
    } catch (e) {
      await serve.stop();
      throw e;
    }
  }

  async stop(): Promise<void> {
    await this.serve.stop();
  }

  table(id: string): HallTable {
    return this.tables.find((t) => t.id === id)!;
  }

  /** An entry (a late one between rounds): a player's name, or a team's two. */
  async enter(who: string | readonly string[]): Promise<{ id: string; enteredRound: number }> {
    const body = typeof who === 'string' ? { name: who } : { players: who.map((name) => ({ name })) };
    const r = await api(this.url, this.who, 'POST', `${this.base}/entrants`, body);
    assert.equal(r.status, 201, JSON.stringify(r.json));
    this.names.set(r.json.entrant.id, r.json.entrant.name);
    this.players.set(r.json.entrant.id, r.json.entrant.players.map((p: { name: string }) => p.name));
    return r.json.entrant;
  }

  /** The names a table's match starts with, in the log's order (docs/tournament.md §5.1): `a`'s then
   * `b`'s; for doubles `a`'s first player, `b`'s first, `a`'s second, `b`'s second. */
  matchPlayers(m: DayMatch): string[] {
    const [a, b] = [this.players.get(m.a)!, this.players.get(m.b!)!];
    return this.doubles ? [a[0], b[0], a[1], b[1]] : [a[0], b[0]];
  }

  idOf(name: string): string {
    return [...this.names].find(([, n]) => n === name)![0];
  }

  async round(n: number): Promise<DayRound> {
    return (await api(this.url, null, 'GET', `${this.base}/rounds/${n}`)).json.round;
  }

  /** The next round drawn and published, as the organiser does; it must be round `n`. */
  async drawAndPublish(n: number): Promise<DayRound> {
    const drawn = await api(this.url, this.who, 'POST', `${this.base}/rounds`);
    assert.equal(drawn.status, 201, JSON.stringify(drawn.json));
    assert.equal(drawn.json.round.round, n);
    const published = await api(this.url, this.who, 'POST', `${this.base}/rounds/${n}/publish`);
    assert.equal(published.status, 200, JSON.stringify(published.json));
    const r: DayRound = published.json.round;
    const atTables = r.matches.filter((m) => m.b !== null).map((m) => m.table);
    assert.equal(new Set(atTables).size, atTables.length, `round ${n}: one match a table`);
    for (const tid of atTables) assert.ok(tid !== null && this.tableIds.includes(tid), `round ${n}: a match at ${tid}`);
    return r;
  }

  /** Every table of round n with a match to play (but `skip`'s) waits for its offer, checks it against
   * the draw (its label, the names, who breaks), and plays it; `offline` loses Wi-Fi once its match has
   * begun, and plays on; `powerCut` loses power half way through it. The matches played. */
  async playRound(n: number, r: DayRound, o: { skip?: number[]; offline?: string; powerCut?: string } = {}): Promise<DayMatch[]> {
    const toPlay = r.matches.filter((m) => m.b !== null && !(o.skip ?? []).includes(m.id));
    const pending = new Map(toPlay.map((m) => [m.table!, m]));
    await until(this.tables, () => {
      for (const [tid, m] of pending) {
        const offer = this.table(tid).t.app.offered;
        if (offer?.match !== m.id) continue;
        assert.deepEqual(
          [offer.tournament, offer.round, offer.label, offer.players, offer.breaker],
          [this.id, n, `R${n} T${this.tableIds.indexOf(tid) + 1}`, this.matchPlayers(m), m.breaker === 'a' ? 0 : 1],
          `round ${n}: ${tid} offers its match as drawn`,
        );
        if (tid === o.offline) setOnline(this.table(tid), false);
        playOffer(this.table(tid), offer, n * 1000 + m.board * 10, tid === o.powerCut);
        pending.delete(tid);
      }
      return pending.size === 0;
    }, `round ${n}: every table's offer`);
    return toPlay;
  }

  /** Waits until the round's played matches are finished on the server and their tables' outboxes are
   * empty (a shot taken back after the end sends the match again), but those at `unreported`. */
  async reported(n: number, played: readonly DayMatch[], unreported: readonly string[] = []): Promise<DayRound> {
    const wanted = played.filter((m) => !unreported.includes(m.table!));
    let r = await this.round(n);
    await until(this.tables, async () => {
      if (!wanted.every((m) => this.table(m.table!).sync.view().queued === 0)) return false;
      r = await this.round(n);
      return wanted.every((w) => r.matches.find((m) => m.id === w.id)!.status === 'finished');
    }, `round ${n}: the tables' results`);
    return r;
  }

  /** Each played match has its own table's result, as that table's rules engine counted it, and boards. */
  checkPlayed(n: number, r: DayRound, played: readonly DayMatch[]): void {
    assert.equal(r.status, 'finished', `round ${n} has every result`);
    for (const p of played) {
      const m = r.matches.find((x) => x.id === p.id)!;
      const t = this.table(m.table!);
      assert.equal(t.played?.match, m.id, `round ${n}: ${m.table} played match ${m.id}`);
      assert.deepEqual([m.source, m.result], ['table', t.played!.result], `round ${n}: ${m.table}'s own result is the match's`);
      assert.ok(m.boards.length > 0, `round ${n}: ${m.table}'s boards are attached`);
    }
  }

  /** A round played whole on the tables: drawn, published, played, reported and checked. */
  async playWhole(n: number): Promise<DayRound> {
    const r = await this.drawAndPublish(n);
    const played = await this.playRound(n, r);
    const done = await this.reported(n, played);
    this.checkPlayed(n, done, played);
    return done;
  }
}
