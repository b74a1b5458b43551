// tools/docs/sol-sample.ts, the tournament day whose `.sol` a maintainer loads with SoL's own loader
// (docs/tournament.md §9.1): played over loopback HTTP on a real server, it must hold what the check is
// for, and its competitors must carry the ranking SoL computes from its matches (Tourney.computeRanking:
// 2 points a win, 1 a draw, the phantom's match a win by the phantom score, Bucholz the opponents' points).
import assert from 'node:assert/strict';
import { solSample } from '../../tools/docs/sol-sample.ts';

interface SolMatch { competitor1: number; competitor2: number | null; turn: number; board: number; score1: number; score2: number; breaker?: string; boards?: { number: number; coins1: number; coins2: number; queen?: string }[] }
interface SolCompetitor { players: number[]; points: number; netscore: number; totscore: number; bucholz: number; retired?: boolean }
type Sol = [{ players: { firstname: string; lastname: string }[]; championships: { playersperteam: number }[] }, { currentturn: number; rankedturn: number; phantomscore: number; competitors: SolCompetitor[]; matches: SolMatch[] }];

/** SoL's ranking of the competitors from the matches, in the competitors' order. */
function solRanking(t: Sol[1]): Omit<SolCompetitor, 'players' | 'retired'>[] {
  const r = t.competitors.map(() => ({ points: 0, netscore: 0, totscore: 0, bucholz: 0 }));
  const played = t.matches.filter((m) => m.turn <= t.rankedturn);
  for (const m of played) {
    const a = r[m.competitor1 - 1];
    if (m.competitor2 === null) {
      a.points += 2; a.netscore += t.phantomscore; a.totscore += m.score1;
      continue;
    }
    const b = r[m.competitor2 - 1];
    a.totscore += m.score1; b.totscore += m.score2;
    if (m.score1 === m.score2) { a.points++; b.points++; continue; }
    const [w, l] = m.score1 > m.score2 ? [a, b] : [b, a];
    w.points += 2; w.netscore += Math.abs(m.score1 - m.score2); l.netscore -= Math.abs(m.score1 - m.score2);
  }
  for (const m of played) {
    if (m.competitor2 === null) continue;
    r[m.competitor1 - 1].bucholz += r[m.competitor2 - 1].points;
    r[m.competitor2 - 1].bucholz += r[m.competitor1 - 1].points;
  }
  return r;
}

describe('tools/sol-sample: the tournament day a maintainer loads into SoL', function () {
  this.timeout(120_000);

  it('holds a table’s boards, a walkover, byes, a withdrawal and a late entry, its competitors ranked as SoL ranks its matches', async () => {
    const [shared, t] = JSON.parse(await solSample({ system: 'swiss', doubles: false })) as Sol;
    assert.deepEqual([t.currentturn, t.rankedturn], [3, 3]);
    const name = (c: number | null) => (c === null ? null : shared.players[t.competitors[c - 1].players[0] - 1].lastname);
    const first = t.matches.find((m) => m.turn === 1 && m.board === 1)!;
    assert.ok((first.boards ?? []).length >= 2, 'the match its table played has its boards');
    assert.ok(first.boards!.every((b, i) => b.number === i + 1 && (b.coins1 === 0 || b.coins2 === 0)), 'numbered from 1, coins on one side only');
    assert.deepEqual(t.matches.filter((m) => m.turn === 1 && m.board === 2).map((m) => [m.score1, m.score2]), [[0, 25]], 'the walkover');
    assert.deepEqual(t.matches.filter((m) => m.competitor2 === null).map((m) => [m.turn, m.score1, m.score2, 'breaker' in m]), [[1, 25, 0, false], [2, 25, 0, false], [3, 25, 0, false]], 'a bye each round, no breaker');
    assert.deepEqual(t.competitors.filter((c) => c.retired).map((c) => shared.players[c.players[0] - 1].lastname), ['Martin'], 'the withdrawal');
    const late = t.matches.filter((m) => name(m.competitor1) === 'Haddad' || name(m.competitor2) === 'Haddad').map((m) => m.turn);
    assert.deepEqual([...new Set(late)], [2, 3], 'the late entry plays from round 2');
    assert.deepEqual(t.competitors.map(({ points, netscore, totscore, bucholz }) => ({ points, netscore, totscore, bucholz })), solRanking(t));
  });

  it('in doubles, names both players of each team and says so in the championship', async () => {
    const [shared, t] = JSON.parse(await solSample({ system: 'swiss', doubles: true })) as Sol;
    assert.equal(shared.championships[0].playersperteam, 2);
    assert.ok(t.competitors.every((c) => c.players.length === 2));
    assert.deepEqual(t.competitors.map(({ points, netscore, totscore, bucholz }) => ({ points, netscore, totscore, bucholz })), solRanking(t));
  });
});
