// A knockout's bracket and every system's final ranking, as served (docs/tournament.md §3.4): the core's
// (server/tournament/bracket.ts, standings.ts) over the published rounds only, so that a draft (the
// organiser's until published) is in neither, as in the hall.
import type { Sql } from '../db/sql.ts';
import { knockoutBracket, knockoutRanking } from '../tournament/bracket.ts';
import { standings } from '../tournament/standings.ts';
import { Refusal } from './answer.ts';
import { boardsOf, matchView } from './rounds.ts';
import { stateOf } from './state.ts';
import { tournamentView } from './tournaments.ts';

/** GET …/bracket: every round to the final, the matches drawn with their §3.3 view, those to come with
 * the entrants carried forward so far. A tournament of another system has none (409). */
export async function bracketOf(sql: Sql, tournament: number) {
  const { fields, state } = await stateOf(sql, tournament, false, true);
  if (fields.system !== 'knockout') throw new Refusal(409, `tournament ${tournament} is ${fields.system === 'swiss' ? 'a Swiss' : 'an all-play-all'} tournament: a bracket is a knockout's (see its standings)`);
  const b = knockoutBracket(state.entrants, state.matches);
  const boards = await boardsOf(sql, state.matches);
  return {
    size: b.size,
    rounds: b.rounds.map((r) => ({
      round: r.round,
      drawn: r.drawn,
      matches: r.matches.map((m) => ({ board: m.board, a: m.a, b: m.b, from: m.from, winner: m.winner, match: m.match && matchView(m.match, boards.get(m.match.id)) })),
    })),
  };
}

/** GET …/ranking: the ranking after the published rounds, `final` once the tournament is finished. A
 * Swiss or all-play-all ranks by the standings (§7); a knockout by the round each went out in (§7.1). */
export async function rankingOf(sql: Sql, tournament: number) {
  const view = await tournamentView(sql, tournament);
  const { state } = await stateOf(sql, tournament, false, true);
  const round = state.matches.reduce((n, m) => Math.max(n, m.round), 0);
  const byId = new Map(state.entrants.map((e) => [e.id, e]));
  const who = (id: string) => {
    const e = byId.get(id)!;
    return { id, name: e.name, seed: e.seed, withdrawn: e.withdrawn };
  };
  const ranking = view.system === 'knockout'
    ? knockoutRanking(state.entrants, state.matches).map((p) => ({ place: p.place, ...who(p.id), out: p.out }))
    : standings(state.entrants, state.matches, { phantomScore: state.phantomScore }).map((s) => ({
      place: s.rank, ...who(s.id), points: s.points, bucholz: s.bucholz, netscore: s.netscore, totscore: s.totscore,
    }));
  return { system: view.system, final: view.status === 'finished', round, ranking };
}
