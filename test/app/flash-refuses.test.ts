// A flash that refuses writes for a while (full, worn): the table plays on, says NOT SAVED, keeps the
// events of the shots it could not write and writes them with the next record that lands; a reboot then
// finds the whole match. A record the flash took half of before refusing is never read past.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseLog } from '../../src/rules/index.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { MemoryFlash, makeTable, play } from '../helpers/table.ts';
import type { PlayScreen } from '../../src/view/screen.ts';

/** Refuses the writes numbered [from, to): an append lands half its bytes, then throws. */
class RefusingFlash extends MemoryFlash {
  writes = 0;
  refused = 0;
  /** Called at each refusal. */
  onRefuse = () => {};
  constructor(
    private readonly from: number,
    private readonly to: number,
  ) {
    super();
  }
  private refuses(): boolean {
    const n = this.writes++;
    return n >= this.from && n < this.to;
  }
  override append(slot: 0 | 1, bytes: Uint8Array): void {
    if (this.refuses()) {
      super.append(slot, bytes.subarray(0, bytes.length >> 1));
      this.refused++;
      this.onRefuse();
      throw new Error('ESP_ERR_NVS_NOT_ENOUGH_SPACE');
    }
    super.append(slot, bytes);
  }
  override erase(slot: 0 | 1): void {
    if (this.refuses()) {
      this.refused++;
      this.onRefuse();
      throw new Error('flash erase failed');
    }
    super.erase(slot);
  }
}

const game = (state: object) => JSON.stringify({ ...state, warnings: undefined });

describe('a flash that refuses writes', () => {
  const log = parseLog(readFileSync('test/fixtures/matches/it-torneo-singles.jsonl', 'utf8'));
  assert.ok(log.ok);
  const header = log.value.header;
  const g = generateTrace(header, log.value.events.map((e) => e.event), 8, NOISE.low, LAYOUTS.reference);

  it('loses nothing once writes land again: the table plays on, says NOT SAVED, and a reboot finds the whole match', function () {
    this.timeout(60_000);
    const whole = makeTable(header);
    play(whole, g.readings);
    const final = game(whole.app.state);
    const writes = whole.flash.ops.length;
    assert.ok(writes > 30, `${writes} writes in the match`);
    // Refusals of one to four writes, starting at writes spread over the match (the first is the new
    // match's header; some windows cover a board's compaction).
    let windows = 0;
    let said = 0;
    for (let from = 0; from < writes - 6; from += 5) {
      for (const length of [1, 4]) {
        const flash = new RefusingFlash(from, from + length);
        const t = makeTable(header, flash);
        const lines = new Set<string>();
        const sample = () => {
          const s = t.app.screen();
          if (s.kind === 'play') lines.add((s as PlayScreen).line);
        };
        // A question to the players (a colour to choose) keeps the line while it waits for its answer.
        let asked = true;
        flash.onRefuse = () => void (asked &&= t.app.state.board.awaiting !== null);
        const tick = t.app.tick.bind(t.app);
        t.app.tick = () => (tick(), sample());
        play(t, g.readings, sample);
        const where = `writes ${from}–${from + length - 1} refused`;
        assert.ok(flash.refused > 0, where);
        assert.equal(game(t.app.state), final, `${where}: play went on as if nothing happened`);
        assert.ok(lines.has('NOT SAVED: FLASH') || asked, `${where}: the display said so`);
        if (!asked) said++;
        assert.equal(game(makeTable(header, flash).app.state), final, `${where}: the reboot finds the whole match`);
        windows++;
      }
    }
    assert.ok(windows >= 10 && said >= windows / 2, `${windows} windows, ${said} said NOT SAVED`);
  });

  it('a new match whose header the flash refused never lets its shots go after the old match', () => {
    const flash = new MemoryFlash();
    const t = makeTable(header, flash);
    play(t, g.readings.slice(0, 120));
    const old = game(t.app.state);
    assert.ok(t.app.state.shots > 0);
    // The next two writes are refused: the new match's header, then its first try again.
    const refusing = new RefusingFlash(0, 2);
    refusing.slots = [flash.slots[0], flash.slots[1]];
    const u = makeTable(header, refusing);
    assert.equal(game(u.app.state), old, 'booted into the old match, writing nothing');
    const se = parseLog(readFileSync('test/fixtures/matches/se-singles.jsonl', 'utf8'));
    assert.ok(se.ok);
    assert.equal(u.app.newMatch(se.value.header), null);
    assert.equal((u.app.screen() as PlayScreen).line, 'NOT SAVED: FLASH');
    assert.equal(game(makeTable(header, refusing).app.state), old, 'a reboot now finds the old match, whole');
    const g2 = generateTrace(se.value.header, se.value.events.map((e) => e.event), 8, NOISE.low, LAYOUTS.reference);
    const shots = g2.readings.filter((r) => r.kind === 'strip' && r.mm === null).length;
    play(u, g2.readings.slice(0, Math.floor(g2.readings.length / 3)));
    assert.ok(u.app.state.shots >= 2 && shots > u.app.state.shots, `${u.app.state.shots} shots of the new match`);
    assert.equal(refusing.refused, 2);
    const reboot = makeTable(header, refusing);
    assert.equal(reboot.app.header.rules, 'se');
    assert.equal(game(reboot.app.state), game(u.app.state), 'the new match, every shot');
  });
});
