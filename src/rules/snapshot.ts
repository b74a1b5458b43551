// A state written down and read back, so a journal can start from the beginning of a board instead of
// the beginning of the match. Only a state at rest is written: no shot in progress, none waiting.

import { start } from './engine.ts';
import type { State } from './state.ts';
import { type MatchHeader, type Result, err, ok } from './types.ts';

export function canSnapshot(s: State): boolean {
  return s.shot === null && s.waiting === null;
}

export function snapshot(s: State): string {
  return JSON.stringify({ match: s.match, board: s.board, shots: s.shots, warnings: s.warnings });
}

export function restore(header: MatchHeader, text: string): Result<State> {
  const initial = start(header);
  if (!initial.ok) return initial;
  let data: Pick<State, 'match' | 'board' | 'shots' | 'warnings'>;
  try {
    data = JSON.parse(text);
  } catch {
    return err('snapshot is not JSON');
  }
  if (typeof data !== 'object' || data === null || !data.match || !data.board || typeof data.shots !== 'number' || !Array.isArray(data.warnings)) {
    return err('snapshot lacks match, board, shots or warnings');
  }
  const s = initial.value;
  // Every key written, in the order start() writes them: a spread makes a state of another shape (state.ts).
  return ok({ rules: s.rules, mode: s.mode, params: s.params, players: s.players, match: data.match, board: data.board, shots: data.shots, warnings: data.warnings, shot: s.shot, last: null, waiting: s.waiting });
}
