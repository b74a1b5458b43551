// The tournament day through the user's door (issue 28 §1): `carrom serve` as its own process, the tables
// and the organiser registered with its own command lines (docs/organiser.md §2, §12.1), a Swiss
// tournament on hall-1…hall-4 with 8 players drawn and published over the JSON interface as §12's "From
// a script" does, then ONE SIMULATOR PROCESS PER TABLE started as the guide says (`CARROM_SETUP_CODE=…
// npm start -- --server …`). Each table must fetch its match by itself, the match is played through the
// simulator's HTTP interface only (docs/simulator.md, "Driving the simulator from a script"), and the results must
// reach the standings with no hand. The library-level days (test/helpers/tournament/day.ts) build the table app on
// a transport of their own; this one runs the code a user runs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { ONE_BOARD, npmStart, shot, type Running } from './simulator-process.ts';
import { until } from '../helpers/servers/answers.ts';
import { ENGINES } from '../helpers/databases/databases.ts';
import { ORGANISER_PASSWORD, api, logIn } from '../helpers/tournament/organiser.ts';
import { serveProcess, type ServeProcess } from '../helpers/servers/processes.ts';
import type { DayMatch } from '../helpers/tournament/tournament-checks.ts';

const TABLES = ['hall-1', 'hall-2', 'hall-3', 'hall-4'];
/** One board to 1 point, one game (docs/rules.md's options): the quickest match a Swiss round allows. */
const ONE_BOARD_MATCH = { matchTarget: 1, maxBoards: 1, gamesPerMatch: 1 };
const PLAYERS = ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah', 'Eli Park', 'Fay Long', 'Gus Hall', 'Hana Sato'];

/** `carrom serve` with these arguments, as the guide's commands run it (the package's bin). */
function carrom(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, ['bin/carrom.js', 'serve', ...args], { encoding: 'utf8', input, timeout: 60_000 });
}

interface Snapshot {
  header: { players: string[] };
  screen: { lines?: string[] };
  state: { board: { turn: number }; match: { over: boolean; score: [number, number] } };
}

const snapshot = async (sim: string) => (await (await fetch(`${sim}/api/snapshot`)).json()) as Snapshot;

const press = async (sim: string, button: 'select' | 'up' | 'down') => {
  const r = await fetch(`${sim}/api/button`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ button }) });
  assert.equal(r.status, 200, await r.text());
};

describe('a Swiss round on four simulated tables started as docs/organiser.md says', function () {
  this.timeout(240_000);
  let serve: ServeProcess | null = null;
  const sims: Running[] = [];
  after(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await serve?.stop();
  });

  it('each table fetches its match, plays it through its HTTP interface, and the standings get every result', async () => {
    // docs/organiser.md §2: each table registered; §12.1: the organiser added (a piped password: one line).
    const db = await ENGINES[0].fresh();
    const codes = new Map<string, string>();
    for (const table of TABLES) {
      const r = carrom(['--add-table', table, '--db', db]);
      assert.equal(r.status, 0, r.stderr);
      const code = /^\s+(carrom1\.\S+)$/m.exec(r.stderr)?.[1] ?? '';
      assert.ok(code.startsWith(`carrom1.${table}.`), `a setup code for ${table} in: ${r.stderr}`);
      codes.set(table, code);
    }
    const added = carrom(['--add-organiser', 'asha', '--db', db], `${ORGANISER_PASSWORD}\n`);
    assert.equal(added.status, 0, added.stderr);

    // §3: the server, as its own process (`carrom serve --host 127.0.0.1 --no-mdns`, on a free port).
    serve = await serveProcess(db);
    const server = serve.child;
    process.once('exit', () => server.kill()); // stopped whatever happens to this run (the simulators are too)
    const S = serve.url;

    // §12 "From a script": log in through the form, then the JSON interface with the session's token.
    const asha = await logIn(S, 'asha', ORGANISER_PASSWORD);
    const created = await api(S, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-05', rules: 'icf', options: ONE_BOARD_MATCH, rounds: 3, tables: TABLES });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const T = `/api/v1/tournaments/${created.json.tournament.id}`;
    const csv = `name,club\n${PLAYERS.map((p) => `${p},Pune`).join('\n')}\n`;
    const entered = await api(S, asha, 'POST', `${T}/entrants.csv`, csv, { 'Content-Type': 'text/csv' });
    assert.equal(entered.status, 201, JSON.stringify(entered.json));
    const names = new Map<string, string>(entered.json.entrants.map((e: { id: string; name: string }) => [e.id, e.name]));
    assert.equal(names.size, 8);
    assert.equal((await api(S, asha, 'POST', `${T}/rounds`)).status, 201);
    const published = await api(S, asha, 'POST', `${T}/rounds/1/publish`);
    assert.equal(published.status, 200, JSON.stringify(published.json));
    const drawn = published.json.round.matches as DayMatch[];
    assert.deepEqual(drawn.map((m) => m.table).sort(), TABLES, 'a match on each table, no bye');

    // §4: one simulator per table, the code in CARROM_SETUP_CODE, the server given by --server.
    const started = await Promise.all(TABLES.map((t) => npmStart(['--server', S], [new RegExp(`results to ${S} as ${t}`)], { CARROM_SETUP_CODE: codes.get(t)! })));
    sims.push(...started);

    await Promise.all(
      drawn.map(async (m) => {
        const sim = started[TABLES.indexOf(m.table!)].sim;
        const [a, b] = [names.get(m.a)!, names.get(m.b!)!].map((n) => n.toUpperCase());
        // The table fetched its match by itself: its start screen offers it (not the default ASHA v BEN).
        await until(`${m.table} offers ${a} v ${b}`, async () => (await snapshot(sim)).screen.lines?.join(' ').includes(`: ${a} V ${b}`) ?? false, 60_000);
        // Its ask was signed (docs/tournament.md §5.1): the organiser's tables page has the match fetched and the table's last contact.
        const seen = ((await api(S, null, 'GET', `${T}/tables`)).json.notReported as { match: number; status: string; lastAskedAt: string | null }[]).find((x) => x.match === m.id);
        assert.equal(seen?.status, 'assigned', `${m.table}'s signed ask marked its match fetched: ${JSON.stringify(seen)}`);
        assert.notEqual(seen?.lastAskedAt, null, `${m.table}'s last contact`);
        await press(sim, 'select'); // one press starts it, with the draw's names
        const begun = await snapshot(sim);
        assert.deepEqual(begun.header.players.map((p) => p.toUpperCase()), [a, b], `${m.table} started the drawn match`);
        // The breaker (white) clears the board in four shots, from the seat of the player on turn.
        const seat = begun.state.board.turn * 2;
        for (const drops of ONE_BOARD) await shot(sim, drops, seat);
        assert.equal((await snapshot(sim)).state.match.over, true, `${m.table}: the match is over`);
      }),
    );

    // The results arrive with no hand: every match finished from its table's records, the round complete.
    const round = async () => (await api(S, null, 'GET', `${T}/rounds/1`)).json.round as { status: string; matches: DayMatch[] };
    await until('the round is finished from the tables\' records', async () => (await round()).status === 'finished', 60_000);
    const finished = await round();
    for (const m of finished.matches) {
      const score = (await snapshot(started[TABLES.indexOf(m.table!)].sim)).state.match.score;
      assert.equal(m.source, 'table', `match ${m.id} on ${m.table}: ${JSON.stringify(m)}`);
      assert.deepEqual(m.result, { a: score[0], b: score[1] }, `match ${m.id}: the result its table counted`);
      assert.notEqual(score[0], score[1]);
    }
    const standings = (await api(S, null, 'GET', `${T}/standings?round=1`)).json.standings as { id: string; played: number; won: number; lost: number; points: number }[];
    assert.equal(standings.length, 8);
    for (const m of finished.matches) {
      const [winner, loser] = m.result!.a > m.result!.b ? [m.a, m.b!] : [m.b!, m.a];
      assert.deepEqual(standings.find((s) => s.id === winner), { ...standings.find((s) => s.id === winner)!, played: 1, won: 1, points: 2 }, `${names.get(winner)} won`);
      assert.deepEqual(standings.find((s) => s.id === loser), { ...standings.find((s) => s.id === loser)!, played: 1, lost: 1, points: 0 }, `${names.get(loser)} lost`);
    }
  });
});
