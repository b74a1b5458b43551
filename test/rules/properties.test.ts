// Properties over random well-formed logs (tools/random-match.ts): pieces are accounted for, scores
// never go down, the engine never throws, replay is deterministic, and undo equals the shorter log.
import assert from 'node:assert/strict';
import { foldEvents, publicState, start, type State } from '../../src/rules/index.ts';
import type { GameEvent, LoggedEvent } from '../../src/rules/types.ts';
import { randomMatch, rng } from '../../tools/random-match.ts';

const MATCHES = 300;
const lines = (events: GameEvent[]): LoggedEvent[] => events.map((event, i) => ({ event, line: i + 2 }));

function checkInvariants(s: State, where: string): void {
  const b = s.board;
  for (const c of ['white', 'black'] as const) {
    assert.ok(b.onBoard[c] >= 0 && b.onBoard[c] <= 9, `${where}: ${c} on board ${b.onBoard[c]}`);
  }
  assert.ok(b.onBoard.queen === 0 || b.onBoard.queen === 1, `${where}: queen count`);
  assert.equal(b.onBoard.queen === 1, b.queen.state === 'onBoard', `${where}: queen on board ⇔ state onBoard`);
  assert.ok(b.dues.every((d) => d >= 0), `${where}: dues ${b.dues}`);
  // Every man is on the board or in a pocket, credited to one side (or one player of three).
  if (s.mode === 'three') {
    for (const c of ['white', 'black'] as const) {
      const pocketed = b.credits.reduce((n, cr) => n + cr[c], 0);
      assert.equal(b.onBoard[c] + pocketed, 9, `${where}: ${c} men accounted for`);
    }
  } else if (b.colours[0] !== null) {
    const pocketed = b.colours.map((c) => 9 - b.onBoard[c!]);
    const total = b.onBoard.white + b.onBoard.black + pocketed[0] + pocketed[1] + b.onBoard.queen + (b.queen.state === 'onBoard' ? 0 : 1);
    assert.equal(total, 19, `${where}: 18 men and the queen accounted for`);
  } else {
    assert.equal(b.onBoard.white + b.onBoard.black, 18, `${where}: no man pocketed before colours are decided`);
  }
}

/** Points won so far per side, over finished games and the game in play. */
const totals = (s: State) => s.match.score.map((v, i) => v + s.match.games.reduce((n, g) => n + g.score[i], 0));

describe('rules: properties over random matches', () => {
  it(`${MATCHES} random matches: invariants hold at every event and scores never decrease from shot to shot`, () => {
    let finished = 0;
    for (let seed = 1; seed <= MATCHES; seed++) {
      const m = randomMatch(seed, { chaos: seed % 3 === 0, maxShots: 1000 });
      const initial = start(m.header);
      assert.ok(initial.ok);
      let s = initial.value;
      let before = totals(s);
      for (const { event, line } of lines(m.events)) {
        if (event.e === 'undo') continue; // undo re-folds: checked below
        s = foldEvents(s, [{ event, line }]);
        checkInvariants(s, `seed ${seed} line ${line}`);
        // A late drop or call may judge the shot that just settled again; a strike makes it final.
        if (event.e !== 'strike') continue;
        const now = totals(s);
        now.forEach((v, i) => assert.ok(v >= before[i], `seed ${seed} line ${line}: score of ${i} went down`));
        before = now;
      }
      // Whether the match ended is a question for the whole log, undos and all (the checks above skip them).
      if (foldEvents(initial.value, lines(m.events)).match.over) finished++;
    }
    assert.ok(finished > MATCHES * 0.75, `only ${finished} of ${MATCHES} random matches ended`);
  });

  it('replay is deterministic', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const m = randomMatch(seed, { chaos: true, maxShots: 600 });
      const a = start(m.header);
      assert.ok(a.ok);
      const once = JSON.stringify(publicState(foldEvents(a.value, lines(m.events))));
      const twice = JSON.stringify(publicState(foldEvents(a.value, lines(m.events))));
      assert.equal(once, twice);
    }
  });

  it('undo gives the state of the log without that shot', () => {
    const r = rng(99);
    let checked = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const m = randomMatch(seed, { maxShots: 80 });
      const initial = start(m.header);
      assert.ok(initial.ok);
      const events = m.events.filter((e) => e.e !== 'undo');
      const strikes = events.flatMap((e, i) => (e.e === 'strike' ? [i] : []));
      if (strikes.length < 3) continue;
      // Take back shot k: it runs from its strike to just before the next strike.
      const k = 1 + Math.floor(r() * (strikes.length - 1));
      const end = k + 1 < strikes.length ? strikes[k + 1] : events.length;
      let cut = strikes[k];
      while (cut > 0 && events[cut - 1].e !== 'settle') cut--;
      const withUndo = [...events.slice(0, end), { e: 'undo', t: events[end - 1].t } as GameEvent];
      const shorter = events.slice(0, cut);
      const a = publicState(foldEvents(initial.value, lines(withUndo)));
      const b = publicState(foldEvents(initial.value, lines(shorter)));
      assert.deepEqual(a, b, `seed ${seed}: undo of shot ${k}`);
      checked++;
    }
    assert.ok(checked > 100);
  });

  it('the engine never throws on arbitrary well-formed events', () => {
    const r = rng(7);
    const pieces = ['white', 'black', 'queen', 'striker', 'man', 'unknown'] as const;
    for (let run = 0; run < 200; run++) {
      const m = randomMatch(run + 1000, { maxShots: 5 });
      const initial = start(m.header);
      assert.ok(initial.ok);
      const events: GameEvent[] = [];
      for (let i = 0; i < 120; i++) {
        const t = i * 100;
        const pick = Math.floor(r() * 9);
        const ev: GameEvent[] = [
          { e: 'strike', seat: Math.floor(r() * 4), t },
          { e: 'pocket', piece: pieces[Math.floor(r() * 6)], t },
          { e: 'settle', t },
          { e: 'identify', piece: (['white', 'black', 'queen', 'striker'] as const)[Math.floor(r() * 4)], t },
          { e: 'call', call: 'colour', colour: r() < 0.5 ? 'white' : 'black', t },
          { e: 'call', call: 'offboard', piece: pieces[Math.floor(r() * 6)], t },
          { e: 'call', call: 'foul', kind: 'technical', t },
          { e: 'call', call: 'nocontact', t },
          { e: 'undo', t },
        ];
        events.push(ev[pick]);
      }
      const s = foldEvents(initial.value, lines(events));
      checkInvariants(s, `chaos run ${run}`);
    }
  });
});
