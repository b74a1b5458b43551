// The journal: records with length and CRC, torn records dropped, compaction into the other slot, and
// a power cut at every byte of every write of a whole match restoring the state of the last whole write.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseLog } from '../../src/rules/index.ts';
import { decodeRecords, encodeRecord, Journal, RECORD } from '../../src/store/journal.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { CUT_MODELS, MemoryFlash, WORD } from '../helpers/flash.ts';
import { makeTable, play } from '../helpers/table.ts';
import { rng } from '../../tools/random-match.ts';

describe('journal', () => {
  it('records round-trip, with non-ASCII text', () => {
    const bytes = new Uint8Array([...encodeRecord(RECORD.events, '{"a":"Ašha → ☃"}'), ...encodeRecord(RECORD.events, 'x')]);
    assert.deepEqual(decodeRecords(bytes), { records: [{ kind: 3, text: '{"a":"Ašha → ☃"}' }, { kind: 3, text: 'x' }], torn: false });
  });

  it('a torn or damaged last record is dropped, the rest kept', () => {
    const a = encodeRecord(RECORD.events, 'first');
    const b = encodeRecord(RECORD.events, 'second');
    for (let cut = 0; cut < b.length; cut++) {
      const d = decodeRecords(new Uint8Array([...a, ...b.subarray(0, cut)]));
      assert.deepEqual(d.records.map((r) => r.text), ['first']);
      assert.equal(d.torn, cut > 0);
    }
    const flipped = new Uint8Array([...a, ...b]);
    flipped[a.length + 10] ^= 4;
    assert.deepEqual(decodeRecords(flipped).records.map((r) => r.text), ['first']);
  });

  it('a record the flash took half of before refusing is copied past, not appended after', () => {
    for (const taken of [0, 1, 7, 8, 20]) {
      const flash = new MemoryFlash();
      const j = new Journal(flash);
      j.begin('{"carrom":1}');
      j.append('first');
      const append = flash.append.bind(flash);
      flash.append = (slot, bytes) => {
        append(slot, bytes.subarray(0, taken));
        throw new Error('ESP_ERR_NVS_NOT_ENOUGH_SPACE');
      };
      assert.throws(() => j.append('second, refused'), /NOT_ENOUGH_SPACE/);
      flash.append = append;
      j.append('second, again');
      j.append('third');
      assert.deepEqual(new Journal(flash).open()?.batches, ['first', 'second, again', 'third'], `${taken} bytes taken`);
    }
  });

  it('damaged flash never stops the table from booting', () => {
    const r = rng(7);
    const good = new MemoryFlash();
    const j = new Journal(good);
    j.begin('{"carrom":1,"rules":"icf","mode":"singles","players":["A","B"],"breaker":0,"options":{}}');
    j.append('{"e":"strike","seat":0,"t":1000}\n{"e":"pocket","piece":"white","pocket":2,"t":1850}\n{"e":"settle","t":4200}');
    for (let run = 0; run < 300; run++) {
      const flash = new MemoryFlash();
      for (const slot of [0, 1] as const) {
        const bytes = good.slots[slot].slice();
        // Flip random bits, or write records whose text is not what the journal wrote.
        for (let k = 0; k < 1 + Math.floor(r() * 4); k++) if (bytes.length) bytes[Math.floor(r() * bytes.length)] ^= 1 << Math.floor(r() * 8);
        flash.slots[slot] = run % 3 === 0 ? new Uint8Array([...encodeRecord(RECORD.header, '{"generation":9,"header":{"carrom":7}}'), ...encodeRecord(RECORD.events, 'not json')]) : bytes;
      }
      const t = makeTable({ carrom: 1, rules: 'se', mode: 'singles', players: ['C', 'D'], breaker: 0, options: {} }, flash);
      assert.ok(['icf', 'se'].includes(t.app.header.rules), 'restored, or a new match');
    }
  });

  it('compacts into the other slot; a compaction cut short leaves the old slot in charge', () => {
    const flash = new MemoryFlash();
    const j = new Journal(flash);
    j.begin('{"h":1}');
    j.append('e1');
    j.compact('{"h":1}', '{"state":1}', 3);
    j.append('e2');
    const fresh = new Journal(flash).open();
    assert.deepEqual(fresh && { snap: fresh.snapshot, batches: fresh.batches }, { snap: { state: '{"state":1}', line: 3 }, batches: ['e2'] });
    // Cut the compaction after its header record: the old slot (begin + e1) stands.
    const ops = flash.ops;
    const compactHeader = ops.findIndex((o, i) => i > 2 && o.kind === 'append');
    const cut = MemoryFlash.cutAt(ops, compactHeader + 1, 5);
    const old = new Journal(cut).open();
    assert.deepEqual(old && { snap: old.snapshot, batches: old.batches }, { snap: null, batches: ['e1'] });
  });

  for (const how of CUT_MODELS) {
    const what = how === 'nor' ? 'NOR flash: a word partly programmed, an erase cut short leaving garbage at each word' : 'the write cut short';
    it(`a power cut at every byte of every write of a whole match (${what}) restores the state of the last whole write`, function () {
      this.timeout(120_000);
      const log = parseLog(readFileSync('test/fixtures/matches/it-torneo-singles.jsonl', 'utf8'));
      assert.ok(log.ok);
      const header = log.value.header;
      const g = generateTrace(header, log.value.events.map((e) => e.event), 8, NOISE.low, LAYOUTS.reference);
      const game = (state: object) => JSON.stringify({ ...state, warnings: undefined });
      // What a reboot must find once each write is whole: after a record of events, the app's state as it
      // wrote it; after the writes of a compaction (erase, header, snapshot), still the state of the last
      // record of events, since the snapshot is of the state before the shot whose record comes next.
      const initial = game(makeTable(header).app.state);
      const stateAtOp: string[] = [];
      const flash = new MemoryFlash();
      let app: { state: object; atRest: boolean } | null = null;
      let committed = initial;
      let writesInShots = 0;
      flash.onWrite = () => {
        if (app && !app.atRest) writesInShots++;
        const op = flash.ops[flash.ops.length - 1];
        const events = op.kind === 'append' && op.bytes[1] === RECORD.events;
        if (events && app) committed = game(app.state);
        stateAtOp.push(committed);
      };
      const t = makeTable(header, flash);
      app = t.app;
      play(t, g.readings);
      assert.equal(t.app.state.match.over, true);
      assert.equal(writesInShots, 0, 'no flash write while a shot is in progress');
      const ops = flash.ops.slice();
      assert.equal(stateAtOp.length, ops.length);
      assert.ok(ops.filter((o) => o.kind === 'erase').length >= 5, 'the journal was compacted at each new board');
      let cuts = 0;
      for (let k = 0; k < ops.length; k++) {
        const op = ops[k];
        const size = MemoryFlash.cutsIn(op, how);
        const before = k > 0 ? stateAtOp[k - 1] : initial;
        // An erase cut short damages the word at b: one cut per word (and the erase whole).
        for (let b = 0; b <= size; b = op.kind === 'erase' ? Math.min(size, b + WORD) : b + 1) {
          const whole = b === size;
          const reboot = makeTable(header, MemoryFlash.cutAt(ops, whole ? k + 1 : k, whole ? 0 : b, undefined, how));
          assert.equal(game(reboot.app.state), whole ? stateAtOp[k] : before, `power cut at byte ${b} of ${size} of write ${k} (${op.kind})`);
          cuts++;
          if (whole) break;
        }
      }
      assert.ok(cuts > 3000, `${cuts} power cuts`);
    });
  }
});
