// The replayer goes on from a table's previous log: each line of a match is parsed once and each event
// folded once across the match's records, with the very answers a whole replay gives.
import assert from 'node:assert/strict';
import { replayRecord } from '../../../server/records/check.ts';
import { parseRecord, type ResultRecord } from '../../../server/records/record.ts';
import { readRecord } from '../../../server/records/read-record.ts';
import { Replayer } from '../../../server/records/replay.ts';
import { ReplayPool } from '../../../server/records/replay-pool.ts';
import { readOf, stateTextOf, unpack, type Read, type Storable } from '../../../server/records/storable.ts';
import type { Worker } from 'node:worker_threads';
import { formatLog } from '../../../src/rules/log.ts';
import type { GameEvent } from '../../../src/rules/types.ts';
import { randomMatch } from '../../../tools/random-match.ts';
import { matchRecords, playedBy, recordBody } from '../../../tools/results.ts';

const record = (body: string): ResultRecord => {
  const p = parseRecord(body);
  assert.ok(p.ok);
  return p.value;
};

describe('replaying the records of a match', () => {
  it('folds each event of a match once across its records, not once per record', () => {
    const records = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 25 } });
    assert.ok(records.length >= 8, `${records.length} records`);
    const replayer = new Replayer();
    for (const r of records) assert.ok(replayer.replay(record(r.body)).ok);
    const events = records.at(-1)!.log.trimEnd().split('\n').length - 1;
    assert.ok(replayer.work.folded <= events, `${replayer.work.folded} events folded for a match of ${events}`);
    assert.ok(replayer.work.parsed <= events + 1, `${replayer.work.parsed} lines parsed for a log of ${events + 1}`);
  });

  it('answers what a whole replay answers, undos, late drops and refusals included, in 12 random matches', () => {
    const replayer = new Replayer();
    for (let seed = 1; seed <= 12; seed++) {
      const m = randomMatch(seed, { chaos: true, maxShots: 80 });
      const table = `t-${seed % 3}`; // several matches on one table: a new match replays from its start
      // Cuts at every few events: some end inside a shot, some just after an undo of the shot before.
      for (let end = 1; end <= m.events.length; end += 2 + (seed % 5)) {
        const log = formatLog(m.header, m.events.slice(0, end));
        const body = recordBody(table, end, 'board', log);
        const r = record(body);
        assert.deepEqual(replayer.replay(r), replayRecord(r), `seed ${seed}, ${end} events`);
        // A lie about the state is found on the way too, and leaves the next record's replay right.
        const lie = { ...r, state: { ...r.state, match: { ...(r.state.match as object), score: [99, 99] } } };
        assert.deepEqual(replayer.replay(lie), replayRecord(lie), `seed ${seed}, ${end} events, a wrong score`);
      }
    }
  });

  it('names the right line of a malformed line in the new part of a log', () => {
    const records = matchRecords('hall-1', 1, 11, { rules: 'icf', mode: 'singles' });
    const replayer = new Replayer();
    assert.ok(replayer.replay(record(records[0].body)).ok);
    const bad: GameEvent = { e: 'strike', seat: 0, t: 1 }; // its time is before the last event's
    const log = `${records[0].log}${JSON.stringify(bad)}\n`;
    const r = record(recordBody('hall-1', 2, 'board', records[0].log).replace(JSON.stringify(records[0].log), JSON.stringify(log)));
    const whole = replayRecord(r);
    assert.ok(!whole.ok);
    assert.deepEqual(replayer.replay(r), whole);
    assert.match(whole.error, new RegExp(`^log line ${log.trimEnd().split('\n').length}: `));
  });
});

describe('reading bodies in worker threads', () => {
  for (const pack of [false, true]) {
    it(`moves a body to its table's thread and answers what reading it on the event loop answers, refusals included${pack ? ', packed' : ''}`, async () => {
      const pool = new ReplayPool(2, pack);
      try {
        const local = new Replayer();
        const records = matchRecords('hall-1', 1, 11, { rules: 'icf', mode: 'singles' });
        const lie = records[1].body.replace(/"score":\[(\d+)/, '"score":[99');
        assert.notEqual(lie, records[1].body);
        const bodies = [
          ...records.map((r) => Buffer.from(r.body)),
          Buffer.from(lie), // replays, but not to the stated state: a 422's reason
          Buffer.from('{"carromResult":1,'), // not JSON
          Buffer.from([0x7b, 0xff, 0x7d]), // not UTF-8
          Buffer.from(records[0].body.replace('"table":"hall-1"', '"table":"hall-2"')), // another table
        ];
        for (const raw of bodies) {
          const here = readOf(readRecord(local, 'hall-1', Buffer.from(raw)));
          const large = raw.byteLength >= 4096;
          const there = await pool.read('hall-1', raw);
          assert.deepEqual(unpackedRead(there), here);
          // Packed, the state comes as the text the store writes, made from the replay's state.
          if (pack && here.ok && here.refused === null && there.ok && there.refused === null) assert.deepEqual(unpack(there.record as Uint8Array).stateText, stateTextOf(here.record as Storable));
          // A body of its own ArrayBuffer is moved, not copied: nothing of it is left here.
          if (large) assert.equal(raw.byteLength, 0);
        }
        assert.ok(bodies.slice(0, records.length).some((b) => b.byteLength === 0), 'some bodies were large enough to be moved');
      } finally {
        await pool.close();
      }
    });
  }

  it('answers a body with its counter and the record to store packed in one buffer for SQLite\'s writer thread, not with its text and objects', async () => {
    const pool = new ReplayPool(1, true);
    try {
      const records = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
      // Names beyond ASCII too: the body's bytes travel as they came, and are decoded again.
      for (const r of [...records, ...playedBy('hall-1', records.slice(0, 2), ['Aśha', 'बेन'], {})]) {
        const there = await pool.read('hall-1', Buffer.from(r.body));
        assert.deepEqual(Object.keys(there).sort(), ['counter', 'ok', 'record', 'refused'], `record ${r.counter}`);
        assert.ok(there.ok && there.refused === null && there.record instanceof Uint8Array);
        // The whole buffer is the record's: the writer thread gives back a batch's buffers whole.
        assert.equal(there.record.byteOffset, 0);
        assert.equal(there.record.buffer.byteLength, there.record.byteLength);
        assert.equal(unpack(there.record).body, r.body);
      }
    } finally {
      await pool.close();
    }
  });
});

/** A thread's answer with its record unpacked, as the store unpacks it, but for the state's text and
 * the body's bytes (its `state` and `body` are made from them when read). */
const unpackedRead = (r: Read): Read => {
  if (!(r.ok && r.refused === null && r.record instanceof Uint8Array)) return r;
  const u = unpack(r.record);
  const { stateText: _, bodyBytes: __, ...record } = u;
  return { ...r, record: { ...record, body: u.body, state: u.state } };
};

describe('replaying in worker threads', () => {
  it('answers what the event loop\'s replay answers, and starts a thread again after one stopped', async () => {
    const pool = new ReplayPool(2);
    try {
      const local = new Replayer();
      const records = [...matchRecords('hall-1', 1, 11, { rules: 'icf', mode: 'singles' }), ...matchRecords('hall-2', 1, 12, { rules: 'icf', mode: 'doubles' })];
      for (const r of records) assert.deepEqual(await pool.replay(record(r.body)), local.replay(record(r.body)));
      // A thread that stops (out of memory, say) takes no table with it: the next record starts another.
      const threads = (pool as unknown as { threads: ({ worker: Worker } | null)[] }).threads;
      await Promise.all(threads.map((t) => t?.worker.terminate()));
      for (const r of records.slice(-2)) assert.deepEqual(await pool.replay(record(r.body)), new Replayer().replay(record(r.body)));
    } finally {
      await pool.close();
    }
  });
});
