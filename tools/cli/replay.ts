// `carrom replay LOG|-  [--pretty]`: the final state of a match log (docs/formats.md §1).
import { formatJson, parseLog, publicState, replay, type MatchHeader, type PublicState } from '../../src/rules/index.ts';
import { readInput } from './io.ts';

export interface Output {
  code: number;
  stdout: string;
  stderr: string;
}

export function replayCommand(args: string[], stdin?: string): Output {
  const pretty = args.includes('--pretty');
  const path = args.find((a) => a !== '--pretty');
  const input = stdin !== undefined && path === '-' ? { ok: true as const, text: stdin } : readInput(path);
  if (!input.ok) return { code: 2, stdout: '', stderr: `carrom replay: ${input.message}\n` };
  const log = parseLog(input.text);
  if (!log.ok) return { code: 2, stdout: '', stderr: `${log.error.line}: ${log.error.reason}\n` };
  const state = replay(log.value);
  if (!state.ok) return { code: 2, stdout: '', stderr: `${state.error.line}: ${state.error.reason}\n` };
  const view = publicState(state.value);
  const stdout = pretty ? summary(log.value.header, view) : `${formatJson(view)}\n`;
  return { code: 0, stdout, stderr: '' };
}

/** Names of each side: a player, or two partners. */
export function sideNames(header: MatchHeader): string[] {
  const p = header.players;
  if (header.mode === 'doubles') return [`${p[0]} & ${p[2]}`, `${p[1]} & ${p[3]}`];
  return p.slice();
}

/** A board-by-board account for people. */
export function summary(header: MatchHeader, s: PublicState): string {
  const names = sideNames(header);
  const who = (side: number | null) => (side === null ? 'nobody' : names[side]);
  const out: string[] = [];
  out.push(`${names.join(' v ')} — rules ${s.rules}, ${s.mode}`);
  s.match.games.forEach((g, i) => out.push(`Game ${i + 1}: won by ${who(g.winner)}, ${g.score.join('–')}`));
  const running = new Array<number>(names.length).fill(0);
  s.match.boards.forEach((b, i) => {
    if (b.winner !== null) running[b.winner] += b.points;
    const queen = b.queen === null ? '' : `, queen to ${who(b.queen)}`;
    out.push(`Board ${i + 1}: ${who(b.winner)} wins by ${b.points}${queen}  (score ${running.join('–')})`);
  });
  if (s.match.over) out.push(`Match over: ${who(s.match.winner)} wins, ${s.match.score.join('–')}`);
  else {
    const b = s.board;
    out.push(`Score ${s.match.score.join('–')}. Board ${b.number} in play: ${header.players[b.turn]} to shoot`);
    const colours = b.colours.map((c, i) => `${names[i]} ${c ?? 'undecided'}`).join(', ');
    out.push(`  colours: ${colours}; on the board: ${b.onBoard.white} white, ${b.onBoard.black} black, queen ${b.queen.state}`);
    if (b.dues.some((d) => d > 0)) out.push(`  dues: ${b.dues.map((d, i) => `${names[i]} ${d}`).join(', ')}`);
    if (b.awaiting) out.push(`  waiting for: ${JSON.stringify(b.awaiting)}`);
  }
  out.push(`${s.shots} ${s.shots === 1 ? 'shot' : 'shots'}`);
  for (const w of s.warnings) out.push(`warning, line ${w.line}: ${w.warning}`);
  return `${out.join('\n')}\n`;
}
