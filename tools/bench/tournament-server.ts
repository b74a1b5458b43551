// The tournament day's server side (server/tournament-http/) on a big day, on SQLite: drawing round 10
// of a Swiss tournament of 256 entrants after 9 played, and its standings, each with the database
// statements it runs (the draw's search in the draw thread, server/tournament/draws.ts). Each draw is rolled back, so every run draws the same round. Wall-clock figures in
// Node, after a warm-up; the statements are counted exactly.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { rng } from '../../model/table/rng.ts';
import type { Sql } from '../../server/db/sql.ts';
import { openStore } from '../../server/store/store.ts';
import { standingsAfter } from '../../server/tournament-http/exports.ts';
import { drawRound, prepareDraw, publishRound } from '../../server/tournament-http/rounds.ts';
import { createTournament } from '../../server/tournament-http/tournaments.ts';
import { fmt, max, median, table } from './stats.ts';
import { scratchDir } from '../scratch.ts';

interface Options {
  entrants: number;
  rounds: number;
  runs: number;
}

/** `sql` with every statement counted, transactions' included. */
function counting(sql: Sql, count: { n: number }): Sql {
  const wrap = (s: Sql): Sql => ({
    dialect: s.dialect,
    all: (q, p) => (count.n++, s.all(q, p)),
    run: (q, p) => (count.n++, s.run(q, p)),
    transaction: (work) => s.transaction((tx) => work(wrap(tx))),
    close: () => s.close(),
  });
  return wrap(sql);
}

class RolledBack extends Error {}

export async function benchTournamentServer(o: Options): Promise<string> {
  const dir = scratchDir('bench');
  const store = await openStore(join(dir, 'bench.db'));
  try {
    const sql = store.sql;
    const now = new Date('2026-12-01T09:00:00Z');
    const tables = Array.from({ length: o.entrants / 2 }, (_, i) => `t${i + 1}`);
    for (const t of tables) await store.addTable(t, '5e'.repeat(32), now.toISOString());
    const id = await sql.transaction((tx) => createTournament(tx, { name: 'Bench open', date: '2026-12-01', rules: 'icf', rounds: o.rounds + 1, tables }, 'bench', 'bench', now));
    await sql.transaction(async (tx) => {
      for (let i = 1; i <= o.entrants; i++) await tx.run('INSERT INTO carrom_entrants (tournament_id, name, seed, players, withdrawn_after, entered_round) VALUES (?, ?, ?, ?, NULL, 1)', [id, `Player ${i}`, i, '[]']);
    });
    const r = rng(20);
    for (let round = 1; round <= o.rounds; round++) {
      const drawn = await prepareDraw(sql, id);
      await sql.transaction(async (tx) => {
        await drawRound(tx, id, drawn, 'bench', now);
        await publishRound(tx, id, round, 'bench', now);
        // Random scores, as the core's bench plays them.
        for (const m of await tx.all('SELECT id FROM carrom_tmatches WHERE tournament_id = ? AND round = ? AND b IS NOT NULL', [id, round])) {
          const w = 13 + Math.floor(r() * 13);
          const l = Math.floor(r() * w);
          const [a, b] = r() < 0.5 ? [w, l] : [l, w];
          await tx.run("UPDATE carrom_tmatches SET score_a = ?, score_b = ?, source = 'hand', status = 'finished' WHERE id = ?", [a, b, m.id]);
        }
      });
    }
    const count = { n: 0 };
    const counted = counting(sql, count);
    // The draw's search (in the draw thread, server/tournament/draws.ts), then its transaction.
    const draw = async () => {
      const drawn = await prepareDraw(counted, id);
      await counted.transaction(async (tx) => {
        await drawRound(tx, id, drawn, 'bench', now);
        throw new RolledBack();
      }).catch((e) => { if (!(e instanceof RolledBack)) throw e; });
    };
    const runs = async (f: () => Promise<unknown>) => {
      for (let i = 0; i < Math.max(2, o.runs / 5); i++) await f();
      const ms: number[] = [];
      let statements = 0;
      for (let i = 0; i < o.runs; i++) {
        count.n = 0;
        const t0 = performance.now();
        await f();
        ms.push(performance.now() - t0);
        statements = count.n;
      }
      return { ms, statements };
    };
    const d = await runs(draw);
    const s = await runs(() => standingsAfter(counted, id, o.rounds));
    return table(`tournament server: Swiss of ${o.entrants} entrants on SQLite, median of ${o.runs} runs after a warm-up (Node, wall clock)`, [
      [`draw round ${o.rounds + 1} after ${o.rounds} (rolled back)`, `${fmt(median(d.ms), 1)} ms`, `max ${fmt(max(d.ms), 1)} ms, ${d.statements} statements`],
      [`standings after ${o.rounds} rounds`, `${fmt(median(s.ms), 1)} ms`, `max ${fmt(max(s.ms), 1)} ms, ${s.statements} statements`],
    ]);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
