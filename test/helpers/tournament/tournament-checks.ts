// Checks of a tournament as its JSON interface serves it (docs/tournament.md §3.3, §7), for the
// end-to-end tests: who met whom, and the standings worked out again from the rounds' matches.
import assert from 'node:assert/strict';
import type { StandingJson } from '../../../server/json/tournament.ts';

export interface DayMatch {
  id: number;
  board: number;
  a: string;
  b: string | null;
  table: string | null;
  breaker: 'a' | 'b';
  status: string;
  result: { a: number; b: number } | null;
  source: string | null;
  boards: unknown[];
  corrected: boolean;
}

export interface DayRound {
  round: number;
  status: string;
  matches: DayMatch[];
}

/** A line of the standings as the server answers it (server/json/tournament.ts). */
export type StandingRow = StandingJson;

/** The pairs that have met, `<id> v <id>` with the ids sorted. */
export function meetings(rounds: readonly DayRound[]): Set<string> {
  return new Set(rounds.flatMap((r) => r.matches.filter((m) => m.b !== null).map((m) => [m.a, m.b!].sort().join(' v '))));
}

/** The served standings against §7 worked out again from the rounds' results: 2 a win, 1 a draw, a bye
 * a win by the phantom score; net the margins, total the points scored, Bucholz the opponents' points
 * (the phantom's none); ranked by points, Bucholz, net, total, each highest first, then by seed. */
export function checkStandings(rows: readonly StandingRow[], rounds: readonly DayRound[], ids: readonly string[], phantom: number, where: string): void {
  const want = new Map(ids.map((id) => [id, { points: 0, bucholz: 0, netscore: 0, totscore: 0, played: 0, won: 0, drawn: 0, lost: 0, byes: 0, met: [] as string[] }]));
  for (const m of rounds.flatMap((r) => r.matches)) {
    assert.ok(m.result !== null, `${where}: match ${m.id} has no result`);
    const a = want.get(m.a)!;
    a.played++;
    if (m.b === null) {
      Object.assign(a, { points: a.points + 2, won: a.won + 1, byes: a.byes + 1, netscore: a.netscore + phantom, totscore: a.totscore + m.result.a });
      continue;
    }
    const b = want.get(m.b)!;
    b.played++;
    a.met.push(m.b);
    b.met.push(m.a);
    a.totscore += m.result.a;
    b.totscore += m.result.b;
    a.netscore += m.result.a - m.result.b;
    b.netscore += m.result.b - m.result.a;
    if (m.result.a === m.result.b) for (const x of [a, b]) (x.points++, x.drawn++);
    else {
      const [w, l] = m.result.a > m.result.b ? [a, b] : [b, a];
      w.points += 2;
      w.won++;
      l.lost++;
    }
  }
  for (const w of want.values()) w.bucholz = w.met.reduce((sum, o) => sum + want.get(o)!.points, 0);
  assert.deepEqual([...rows.map((r) => r.id)].sort(), [...ids].sort(), `${where}: a row for every entrant`);
  for (const r of rows) {
    const { met: _, ...w } = want.get(r.id)!;
    assert.deepEqual({ points: r.points, bucholz: r.bucholz, netscore: r.netscore, totscore: r.totscore, played: r.played, won: r.won, drawn: r.drawn, lost: r.lost, byes: r.byes }, w, `${where}: ${r.name}'s row`);
  }
  const key = (r: StandingRow) => [-r.points, -r.bucholz, -r.netscore, -r.totscore, r.seed];
  for (let i = 1; i < rows.length; i++) {
    const [x, y] = [key(rows[i - 1]), key(rows[i])];
    const k = x.findIndex((v, j) => v !== y[j]);
    assert.ok(k >= 0 && x[k] < y[k], `${where}: ${rows[i - 1].name} (${x}) is ranked above ${rows[i].name} (${y})`);
  }
  assert.deepEqual(rows.map((r) => r.rank), rows.map((_, i) => i + 1), `${where}: ranks 1, 2, 3 …`);
}
