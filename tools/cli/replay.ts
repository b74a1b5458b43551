// `carrom replay LOG|-  [--pretty]`: the final state of a match log (docs/formats.md §1).
import { effectiveEvents, formatJson, parseLog, publicState, start, step, type MatchHeader, type MatchLog, type PublicState, type State } from '../../src/rules/index.ts';
import { readInput } from './io.ts';

export interface Output {
  code: number;
  stdout: string;
  stderr: string;
}

const USAGE = 'usage: carrom replay LOG.jsonl|- [--pretty]';

export function replayCommand(args: string[], stdin?: string): Output {
  const refuse = (message: string): Output => ({ code: 2, stdout: '', stderr: `carrom replay: ${message}\n${USAGE}\n` });
  // An unknown flag is refused, not taken for the log's path ("--prety" would be "cannot read --prety").
  const unknown = args.find((a) => a.startsWith('-') && a !== '-' && a !== '--pretty');
  if (unknown !== undefined) return refuse(`unknown option "${unknown}"`);
  const pretty = args.includes('--pretty');
  const paths = args.filter((a) => a !== '--pretty');
  if (paths.length > 1) return refuse(`one log at a time, not ${paths.map((p) => `"${p}"`).join(' and ')}`);
  const path = paths[0];
  const input = stdin !== undefined && path === '-' ? { ok: true as const, text: stdin } : readInput(path);
  if (!input.ok) return { code: 2, stdout: '', stderr: `carrom replay: ${input.message}\n` };
  const log = parseLog(input.text);
  if (!log.ok) return { code: 2, stdout: '', stderr: `${log.error.line}: ${log.error.reason}\n` };
  const initial = start(log.value.header);
  if (!initial.ok) return { code: 2, stdout: '', stderr: `${log.value.headerLine}: ${initial.error}\n` };
  const { state, gameBoards } = fold(initial.value, log.value);
  const view = publicState(state);
  const stdout = pretty ? summary(log.value.header, view, gameBoards) : `${formatJson(view)}\n`;
  return { code: 0, stdout, stderr: '' };
}

type BoardRecord = PublicState['match']['boards'][number];

/** The final state, and the boards of each game already over. The match forgets a game's boards when
 *  the next game starts (only its result stays), so they are taken as each game ends: the event that
 *  ends it is stepped again as if the match had one game, which keeps the last board in the list (and so is
 *  the state before the last shot, which a late drop or a name that ends the game judges the shot from). */
function fold(initial: State, log: MatchLog): { state: State; gameBoards: BoardRecord[][] } {
  let state = initial;
  const gameBoards: BoardRecord[][] = [];
  for (const { event, line } of effectiveEvents(log.events)) {
    const next = step(state, event, line);
    if (next.match.games.length > state.match.games.length) {
      // A late drop or a name judges the last shot again from the state before it: that one too.
      const one = (s: State): State => ({ ...s, params: { ...s.params, gamesPerMatch: 1 } });
      const oneGame = step({ ...one(state), last: state.last && { pre: one(state.last.pre), shot: state.last.shot } }, event, line);
      gameBoards.push(publicState(oneGame).match.boards);
    }
    state = next;
  }
  return { state, gameBoards };
}

/** Names of each side: a player, or two partners. */
export function sideNames(header: MatchHeader): string[] {
  const p = header.players;
  if (header.mode === 'doubles') return [`${p[0]} & ${p[2]}`, `${p[1]} & ${p[3]}`];
  return p.slice();
}

/** A board-by-board account for people. */
/** A board-by-board account for people; in a match of several games (ICF best of three) the boards
 *  are listed under their game, each game's score counted from 0–0. */
export function summary(header: MatchHeader, s: PublicState, gameBoards: BoardRecord[][] = []): string {
  const names = sideNames(header);
  const who = (side: number | null) => (side === null ? 'nobody' : names[side]);
  const out: string[] = [];
  out.push(`${names.join(' v ')} — rules ${s.rules}, ${s.mode}`);
  const boards = (list: readonly BoardRecord[], indent: string) => {
    const running = new Array<number>(names.length).fill(0);
    list.forEach((b, i) => {
      if (b.winner !== null) running[b.winner] += b.points;
      const queen = b.queen === null ? '' : `, queen to ${who(b.queen)}`;
      out.push(`${indent}Board ${i + 1}: ${who(b.winner)} wins by ${b.points}${queen}  (score ${running.join('–')})`);
    });
  };
  s.match.games.forEach((g, i) => {
    out.push(`Game ${i + 1}: won by ${who(g.winner)}, ${g.score.join('–')}`);
    boards(gameBoards[i] ?? [], '  ');
  });
  // The boards of the game in play (or of the whole match, when it is one game).
  const several = s.match.games.length > 0;
  if (several && !s.match.over) out.push(`Game ${s.match.games.length + 1}, in play:`);
  if (!several || !s.match.over) boards(s.match.boards, several ? '  ' : '');
  if (s.match.over) out.push(`Match over: ${who(s.match.winner)} wins, ${s.match.score.join('–')}`);
  else {
    const b = s.board;
    out.push(`Score ${s.match.score.join('–')}. Board ${b.number} in play: ${header.players[b.turn]} to shoot`);
    const colours = b.colours.map((c, i) => `${names[i]} ${c ?? 'undecided'}`).join(', ');
    const q = b.queen;
    const queen = q.state === 'onBoard' ? 'the queen on it' : `the queen ${q.state === 'pending' ? 'pocketed by' : 'covered by'} ${who(q.side)}${q.state === 'pending' ? ', to be covered' : ''}`;
    out.push(`  colours: ${colours}; on the board: ${b.onBoard.white} white, ${b.onBoard.black} black, ${queen}`);
    if (b.dues.some((d) => d > 0)) out.push(`  dues: ${b.dues.map((d, i) => `${names[i]} ${d}`).join(', ')}`);
    const a = b.awaiting as Record<string, number> | null;
    if (a && 'identify' in a) out.push(`  waiting for: ${a.identify} ${a.identify === 1 ? 'piece' : 'pieces'} of unknown kind to be named`);
    else if (a && 'colour' in a) out.push(`  waiting for: ${names[a.colour]} to choose a colour`);
    else if (a && 'placed' in a) out.push(`  waiting for: ${names[a.placed]} to place the men`);
  }
  out.push(`${s.shots} ${s.shots === 1 ? 'shot' : 'shots'}`);
  for (const w of s.warnings) out.push(`warning, line ${w.line}: ${w.warning}`);
  return `${out.join('\n')}\n`;
}
