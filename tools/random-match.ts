// Random but plausible matches, for property tests and benchmarks. Deterministic from the seed.
// The generator watches the engine's state to pick pieces that are on the board, answers what the
// engine waits for, and now and then does what real tables do: miss a call, drop a piece late,
// name a piece, take a shot back, strike from the wrong seat.

import { start, step } from '../src/rules/engine.ts';
import { KeptEvents } from '../src/rules/replay.ts';
import { PRESET_IDS, presetNamed } from '../src/rules/presets.ts';
import { seatOf, type State } from '../src/rules/state.ts';
import { FOUL_KINDS, type GameEvent, type MatchHeader, type Mode } from '../src/rules/types.ts';
import { header as makeHeader } from './script.ts';

import { rng } from '../model/table/rng.ts';

/** The random numbers (model/table/rng.ts), for the tests and tools that import them from here. */
export { rng };

export interface RandomMatch {
  header: MatchHeader;
  events: GameEvent[];
}

export interface RandomOptions {
  rules?: string;
  mode?: Mode;
  /** Stop after this many shots even if the match goes on. */
  maxShots?: number;
  /** Also sprinkle well-formed events that make no sense where they stand. */
  chaos?: boolean;
  /** No strikes from the wrong seat: a log without warnings, as a careful table writes it. */
  clean?: boolean;
  /** Parameter overrides for the header (parameter names of docs/rules.md). */
  options?: Record<string, unknown>;
}

export function randomMatch(seed: number, o: RandomOptions = {}): RandomMatch {
  const r = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)];
  const rules = o.rules ?? pick(PRESET_IDS);
  const preset = presetNamed(rules);
  if (!preset) throw new Error(`unknown rules "${rules}"`);
  const mode = o.mode ?? pick(preset.params.modes);
  const header = makeHeader(rules, mode, o.options ?? {}, Math.floor(r() * (mode === 'singles' ? 2 : mode === 'doubles' ? 4 : 3)));
  const initial = start(header);
  if (!initial.ok) throw new Error(initial.error);
  let state: State = initial.value;
  const events: GameEvent[] = [];
  let t = 0;
  // The events an undo has not taken back, and the state after each, so that an undo is a look-up.
  const kept = new KeptEvents<{ event: GameEvent; after: State }>();
  const emit = (e: GameEvent) => {
    events.push(e);
    const cut = e.e === 'undo' ? kept.undo() : -1;
    if (cut >= 0) {
      state = cut > 0 ? kept.items[cut - 1].after : initial.value;
      return;
    }
    state = step(state, e, events.length + 1);
    kept.push({ event: e, after: state });
  };
  const maxShots = o.maxShots ?? 2000;
  let strikes = 0;
  while (!state.match.over && strikes < maxShots) {
    t += 2000 + Math.floor(r() * 4000);
    strikes++;
    const turnSeat = seatOf(state, state.board.turn);
    emit({ e: 'strike', seat: !o.clean && r() < 0.03 ? Math.floor(r() * 4) : turnSeat, t });
    const b = state.board;
    if (!b.broken && r() < 0.2) emit({ e: 'call', call: 'nocontact', t: t + 50 });
    const pool: ('white' | 'black' | 'queen')[] = [];
    for (let i = 0; i < b.onBoard.white; i++) pool.push('white');
    for (let i = 0; i < b.onBoard.black; i++) pool.push('black');
    if (b.onBoard.queen) pool.push('queen');
    const n = Math.min(pool.length, [0, 0, 0, 0, 1, 1, 1, 2, 2, 3][Math.floor(r() * 10)] + (r() < 0.05 ? 3 : 0));
    let dt = 100;
    for (let i = 0; i < n; i++) {
      const k = Math.floor(r() * pool.length);
      const piece = pool.splice(k, 1)[0];
      const shown = r() < 0.03 ? pick(['man', 'unknown'] as const) : piece;
      emit({ e: 'pocket', piece: shown === 'man' && piece === 'queen' ? 'unknown' : shown, pocket: Math.floor(r() * 4), t: t + dt });
      dt += 30 + Math.floor(r() * 400);
    }
    if (r() < 0.07) emit({ e: 'pocket', piece: 'striker', pocket: Math.floor(r() * 4), t: t + dt });
    if (r() < 0.03) emit({ e: 'call', call: 'offboard', piece: pick(['white', 'black', 'queen', 'striker'] as const), t: t + dt + 10 });
    if (r() < 0.03) emit({ e: 'call', call: 'foul', kind: pick(FOUL_KINDS), t: t + dt + 20 });
    if (r() < 0.01) emit({ e: 'call', call: 'nocross', t: t + dt + 30 });
    if (o.chaos && r() < 0.05) emit(chaosEvent(r, t + dt + 40));
    t += 1000 + dt + Math.floor(r() * 5000);
    emit({ e: 'settle', t });
    t += 10;
    if (r() < 0.03 && pool.length > 0) emit({ e: 'pocket', piece: pool[Math.floor(r() * pool.length)], t: (t += 200) });
    answerWaits(r, emit, () => state, () => (t += 500));
    if (r() < 0.02) emit({ e: 'undo', t: (t += 300) });
    if (r() < 0.01) emit({ e: 'call', call: 'foul', kind: 'technical', t: (t += 300) });
  }
  return { header, events };
}

/** Name the unknown pieces, choose a colour, place returned men, the way players at the table would. */
function answerWaits(r: () => number, emit: (e: GameEvent) => void, state: () => State, later: () => number): void {
  for (let guard = 0; guard < 12; guard++) {
    const s = state();
    if (s.waiting === 'identify') emit({ e: 'identify', piece: r() < 0.5 ? 'white' : 'black', t: later() });
    else if (s.waiting === 'colour') emit({ e: 'call', call: 'colour', colour: r() < 0.5 ? 'white' : 'black', t: later() });
    else {
      if (s.board.pendingPlacement && r() < 0.6) emit({ e: 'call', call: 'placed', t: later() });
      return;
    }
  }
}

function chaosEvent(r: () => number, t: number): GameEvent {
  const all: GameEvent[] = [
    { e: 'settle', t },
    { e: 'identify', piece: 'queen', t },
    { e: 'call', call: 'colour', colour: 'black', t },
    { e: 'call', call: 'placed', t },
    { e: 'call', call: 'nocontact', t },
    { e: 'strike', seat: 3, t },
    { e: 'undo', t },
  ];
  return all[Math.floor(r() * all.length)];
}
