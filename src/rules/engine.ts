// The fold: state = step(step(start(header), e1), e2) … (docs/formats.md §1). Never throws on a
// well-formed event: what makes no sense at that point becomes a warning.

import { adjudicate, copyBoard } from './adjudicate.ts';
import { calledFoulCounts } from './fouls.ts';
import { newBoard } from './board.ts';
import { lapsePlacement, passTurn, penalise, payDues } from './turn.ts';
import { overCount } from './pieces.ts';
import { withOptions } from './params.ts';
import { PRESET_IDS, presetNamed } from './presets.ts';
import type { Shot, State } from './state.ts';
import { isUnknown, seatOf, sideOf, sidesOf } from './state.ts';
import { type Colour, type GameEvent, type MatchHeader, type Result, err, ok, otherColour } from './types.ts';

/** The state before the first event, or why the header cannot start a match. */
export function start(header: MatchHeader): Result<State> {
  const preset = presetNamed(header.rules);
  if (!preset) return err(`unknown rules "${header.rules}" (one of ${PRESET_IDS.join(', ')})`);
  const params = withOptions(preset.params, header.options);
  if (!params.ok) return params;
  if (!params.value.modes.includes(header.mode)) return err(`rules "${header.rules}" do not allow mode "${header.mode}"`);
  const players = header.mode === 'singles' ? 2 : header.mode === 'doubles' ? 4 : 3;
  if (header.players.length !== players) return err(`mode "${header.mode}" needs ${players} players, not ${header.players.length}`);
  if (header.breaker >= players) return err(`breaker ${header.breaker} is not a player index (0–${players - 1})`);
  const sides = sidesOf(header.mode);
  return ok({
    rules: header.rules,
    mode: header.mode,
    params: params.value,
    players,
    match: { score: new Array<number>(sides).fill(0), boards: [], games: [], over: false, winner: null, firstBreaker: header.breaker },
    board: newBoard(header.mode, params.value, players, 1, header.breaker),
    shots: 0,
    warnings: [],
    shot: null,
    last: null,
    waiting: null,
  });
}

// States are whole literals, every key in State's order, not spreads (state.ts says why).
const warn = (state: State, line: number, warning: string): State => ({
  rules: state.rules, mode: state.mode, params: state.params, players: state.players, match: state.match, board: state.board,
  shots: state.shots, warnings: [...state.warnings, { line, warning }], shot: state.shot, last: state.last, waiting: state.waiting,
});

const newShot = (player: number): Shot => ({ player, pieces: [], nocontact: false, nocross: false, offboard: [], fouls: [] });
// Field by field, as copyBoard (adjudicate.ts): a shot is copied at each piece pocketed or call made.
const copyShot = (s: Shot): Shot => ({ player: s.player, pieces: s.pieces.slice(), nocontact: s.nocontact, nocross: s.nocross, offboard: s.offboard.slice(), fouls: s.fouls.slice() });

/** Applies one event. `undo` is a matter of the log (replay.ts): one that reaches here had nothing to take back. */
export function step(state: State, event: GameEvent, line: number): State {
  // After the last shot only a late drop or a call about that shot can still change anything (asked only
  // once the match is over, not at every event: some XS operations fewer per event on the table).
  if (state.match.over && event.e !== 'undo' && !(state.last !== null && (event.e === 'pocket' || event.e === 'identify' || event.e === 'call'))) {
    const closed = event.e === 'strike' ? { rules: state.rules, mode: state.mode, params: state.params, players: state.players, match: state.match, board: state.board, shots: state.shots, warnings: state.warnings, shot: state.shot, last: null, waiting: state.waiting } : state; // a strike closes the last shot
    return warn(closed, line, `${event.e} after the match has ended`);
  }
  switch (event.e) {
    case 'strike':
      return strike(state, event.seat, line);
    case 'pocket':
      return amend(state, line, 'pocket', (shot) => void shot.pieces.push({ piece: event.piece, pocket: event.pocket }));
    case 'settle': {
      const shot = state.shot;
      if (!shot) return warn(state, line, 'settle with no shot in progress');
      // Men cannot drop untouched (docs/formats.md, warnings): a "no contact" with men pocketed is overruled.
      const overruled = !state.board.broken && shot.nocontact && shot.pieces.some((p) => p.piece !== 'striker');
      const s = overruled ? warn(state, line, 'no contact was called, but men went in: the break counts as made') : state;
      // Nothing waits while a shot is in progress: settle finds the state it needs made already.
      return settle(warnOverCount({ rules: s.rules, mode: s.mode, params: s.params, players: s.players, match: s.match, board: s.board, shots: s.shots, warnings: s.warnings, shot: null, last: null, waiting: null }, shot, null, line), shot);
    }
    case 'identify':
      return identify(state, event.piece, event.pocket, line);
    case 'call':
      return call(state, event, line);
    case 'undo':
      return warn(state, line, 'undo with no shot to take back');
  }
}

function strike(state: State, seat: number | undefined, line: number): State {
  let s = state;
  if (s.shot) {
    const settled = warn({ rules: s.rules, mode: s.mode, params: s.params, players: s.players, match: s.match, board: s.board, shots: s.shots, warnings: s.warnings, shot: null, last: s.last, waiting: s.waiting }, line, 'strike while a shot was in progress: that shot was settled here');
    s = settle(warnOverCount(settled, s.shot, null, line), s.shot);
  }
  if (s.waiting) s = forceAdjudication(s, line);
  if (s.match.over) return s;
  let board = s.board;
  // Stryker disable next-line ConditionalExpression: lapsePlacement (turn.ts) asks the same; this saves the board's copy when there is nothing to lapse
  if (board.pendingPlacement && board.pendingPlacement.turnId !== board.turnId) {
    board = copyBoard(board);
    lapsePlacement(board);
  }
  const turn = board.turn;
  if (seat !== undefined && seat !== seatOf(s, turn)) {
    s = warn(s, line, `strike from seat ${seat}, but seat ${seatOf(s, turn)} is on turn: counted for the player on turn`);
  }
  return { rules: s.rules, mode: s.mode, params: s.params, players: s.players, match: s.match, board, shots: s.shots, warnings: s.warnings, shot: newShot(turn), last: null, waiting: s.waiting };
}

/** Adds to the shot in progress, or to the shot that just settled (a late drop or a later call). */
function amend(state: State, line: number, what: string, change: (shot: Shot) => void): State {
  if (state.shot) {
    const shot = copyShot(state.shot);
    change(shot);
    return { rules: state.rules, mode: state.mode, params: state.params, players: state.players, match: state.match, board: state.board, shots: state.shots, warnings: state.warnings, shot, last: state.last, waiting: state.waiting };
  }
  if (state.last) {
    const shot = copyShot(state.last.shot);
    change(shot);
    return settle(warnOverCount(keepWarnings(state.last.pre, state), shot, state.last.shot, line), shot);
  }
  return warn(state, line, `${what} with no shot in progress`);
}

/** Warns when a shot has more of a kind than the board had (countShot judges it on what was there); a
 * shot judged again warns only if the count changed, so a late drop does not repeat the warning. */
function warnOverCount(pre: State, shot: Shot, before: Shot | null, line: number): State {
  const now = overCount(pre.board, shot);
  if (now === null || (before !== null && overCount(pre.board, before) === now)) return pre;
  return warn(pre, line, now);
}

/** The state before a shot's adjudication, with the warnings seen since. */
const keepWarnings = (pre: State, now: State): State => ({ rules: pre.rules, mode: pre.mode, params: pre.params, players: pre.players, match: pre.match, board: pre.board, shots: pre.shots, warnings: now.warnings, shot: pre.shot, last: pre.last, waiting: pre.waiting });

/** Adjudicates a settled shot, or waits for pieces to be named or a colour to be chosen. */
function settle(pre: State, shot: Shot): State {
  // A state is never changed once made: one with nothing waiting serves as it is.
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: every caller passes a state with no last shot and nothing waiting (the step's, the strike's, or a shot's `last.pre`, made so here); the copy is a guard
  const base: State = pre.last === null && pre.waiting === null ? pre : { rules: pre.rules, mode: pre.mode, params: pre.params, players: pre.players, match: pre.match, board: pre.board, shots: pre.shots, warnings: pre.warnings, shot: pre.shot, last: null, waiting: null };
  const last = { pre: base, shot };
  if (shot.pieces.some((p) => isUnknown(p.piece))) return { rules: base.rules, mode: base.mode, params: base.params, players: base.players, match: base.match, board: base.board, shots: base.shots, warnings: base.warnings, shot: base.shot, last, waiting: 'identify' };
  if (needsColourChoice(base, shot)) return { rules: base.rules, mode: base.mode, params: base.params, players: base.players, match: base.match, board: base.board, shots: base.shots, warnings: base.warnings, shot: base.shot, last, waiting: 'colour' };
  return adjudicate(base, shot, last);
}

/** 002 Prep.3: the first player to pocket a man chooses his colour, before the shot is judged. */
function needsColourChoice(state: State, shot: Shot): boolean {
  if (state.mode === 'three' || state.params.colourAssignment !== 'firstPotterChooses') return false;
  if (state.board.colours[sideOf(state, shot.player)] !== null) return false;
  return shot.pieces.some((p) => p.piece === 'white' || p.piece === 'black');
}

/** A strike came while the engine still waited: judge with what is known, and say so. */
function forceAdjudication(state: State, line: number): State {
  const last = state.last!;
  if (state.waiting === 'identify') {
    const shot = { ...last.shot, pieces: last.shot.pieces.filter((p) => !isUnknown(p.piece)) };
    const s = warn(keepWarnings(last.pre, state), line, 'pieces of unknown kind were never named: the shot was judged without them');
    return settle(s, shot);
  }
  const first = last.shot.pieces.find((p) => p.piece === 'white' || p.piece === 'black');
  // Stryker disable next-line ConditionalExpression: the engine waits for a colour only after a shot with a man in it (needsColourChoice), so a man is always found here
  if (!first) return settle(keepWarnings(last.pre, state), last.shot);
  const s = warn(keepWarnings(last.pre, state), line, `no colour was chosen: ${first.piece}, the first man pocketed, was given`);
  return chooseColour(s, last.shot, first.piece as Colour);
}

function chooseColour(pre: State, shot: Shot, colour: Colour): State {
  const board = copyBoard(pre.board);
  const side = sideOf(pre, shot.player);
  board.colours[side] = colour;
  board.colours[1 - side] = otherColour(colour);
  return settle({ rules: pre.rules, mode: pre.mode, params: pre.params, players: pre.players, match: pre.match, board, shots: pre.shots, warnings: pre.warnings, shot: pre.shot, last: pre.last, waiting: pre.waiting }, shot);
}

function identify(state: State, piece: string, pocket: number | undefined, line: number): State {
  const shot = state.shot ?? state.last?.shot;
  const index = shot ? shot.pieces.findIndex((p) => isUnknown(p.piece) && (pocket === undefined || p.pocket === pocket)) : -1;
  if (index < 0) return warn(state, line, 'identify with no piece of unknown kind to name');
  if (shot!.pieces[index].piece === 'man' && piece === 'striker') return warn(state, line, 'a man cannot be named as the striker');
  // Stryker disable next-line StringLiteral: amend names the event only when there is no shot to amend, which identify has checked above
  return amend(state, line, 'identify', (s) => void (s.pieces[index] = { piece: piece as Shot['pieces'][0]['piece'], pocket: s.pieces[index].pocket }));
}

function call(state: State, event: Extract<GameEvent, { e: 'call' }>, line: number): State {
  switch (event.call) {
    case 'colour': {
      if (state.waiting !== 'colour' || !state.last) return warn(state, line, 'colour call when no colour is to be chosen');
      return chooseColour(keepWarnings(state.last.pre, state), state.last.shot, event.colour);
    }
    case 'placed': {
      // Stryker disable next-line ConditionalExpression: the copy without a placement is the same board
      if (!state.board.pendingPlacement) return state;
      // A copy, not a spread: boards keep copyBoard's shape (state.ts).
      const board = copyBoard(state.board);
      board.pendingPlacement = null;
      return { rules: state.rules, mode: state.mode, params: state.params, players: state.players, match: state.match, board, shots: state.shots, warnings: state.warnings, shot: state.shot, last: state.last, waiting: state.waiting };
    }
    case 'foul':
      if (event.kind === 'technical' && !state.shot) {
        // While a shot waits to be judged the state is the one before it: charge the foul there.
        if (!state.waiting || !state.last) return technicalFoul(state);
        const pre = technicalFoul(keepWarnings(state.last.pre, state));
        return { rules: pre.rules, mode: pre.mode, params: pre.params, players: pre.players, match: pre.match, board: pre.board, shots: pre.shots, warnings: pre.warnings, shot: pre.shot, last: { pre, shot: state.last.shot }, waiting: state.waiting };
      }
      if (!calledFoulCounts(state, event.kind)) return warn(state, line, `${event.kind} is not a foul under ${state.rules}`);
      return amend(state, line, 'foul call', (s) => void s.fouls.push(event.kind));
    case 'nocontact':
      if (!state.shot && state.last?.pre.board.broken) return warn(state, line, 'no contact called after the break was made');
      if (state.shot && state.board.broken) return warn(state, line, 'no contact called after the break was made');
      return amend(state, line, 'no contact call', (s) => void (s.nocontact = true));
    case 'nocross':
      return amend(state, line, 'no cross call', (s) => void (s.nocross = true));
    case 'offboard':
      return amend(state, line, 'off board call', (s) => void s.offboard.push(event.piece));
  }
}

/** ICF 36(a): a technical foul by the player on turn before his next stroke costs a man; his turn goes on
 * under ICF, and ends where every foul ends the turn. It closes the shot before it to late drops. */
function technicalFoul(state: State): State {
  const board = copyBoard(state.board);
  const side = sideOf(state, board.turn);
  penalise(state, board, side, 1);
  payDues(state, board);
  if (!state.params.improperStrokeVariants) passTurn(state, board);
  return { rules: state.rules, mode: state.mode, params: state.params, players: state.players, match: state.match, board, shots: state.shots, warnings: state.warnings, shot: state.shot, last: null, waiting: state.waiting };
}
