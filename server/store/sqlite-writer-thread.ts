// SQLite's writer thread (server/store/sqlite-writer.ts): a connection of its own to the database file, which
// stores each batch of records it is sent in one transaction, as the event loop's connection did
// (server/store/store-batch.ts), and answers with the outcomes once committed. It keeps the logs of the records
// it committed (server/store/recent-logs.ts): it is where the next records' matches are found.
import { parentPort, workerData } from 'node:worker_threads';
import { counted } from './commit.ts';
import { inTransaction, pauseThread, transactionOn, writerSettings } from '../db/sqlite.ts';
import { RecentLogs } from './recent-logs.ts';
import { sendable, type Batch, type BatchAnswer } from './sqlite-writer.ts';
import { buffersOf, unpacked } from '../records/storable.ts';
import { storeBatch } from './store-batch.ts';

const { default: open } = await import('better-sqlite3');
// No busy timeout, as the event loop's writer: a locked statement is tried again (server/db/sqlite.ts).
const db = new open((workerData as { path: string }).path, { timeout: 0 });
writerSettings(db);
const tx = inTransaction(db);
const logs = new RecentLogs();
let autocheckpoint = -1;

async function store({ id, records: sent, autocheckpoint: wanted }: Batch): Promise<BatchAnswer> {
  try {
    // The records as the replay threads packed them, made into objects here (server/records/storable.ts).
    const records = sent.map(unpacked);
    if (wanted !== autocheckpoint) db.pragma(`wal_autocheckpoint = ${(autocheckpoint = wanted)}`);
    const count = { statements: 0 };
    const outs = await transactionOn(db, () => storeBatch(counted(tx, count), records, logs), pauseThread);
    // Committed: each log is its record's for good (a duplicate's is the same text).
    records.forEach((r, i) => {
      if (outs[i].outcome !== 'conflict') logs.keep(r.record.table, r.record.counter, r.signature, r.record.log);
    });
    // Without the records' events: a SQLite feed reads this process's events back from the database when
    // poked after the commit (server/store/feed.ts), so their text (the match's state, kilobytes) would cross
    // to the event loop only to be thrown away.
    return { id, outs: outs.map((o) => (o.outcome === 'stored' ? { outcome: o.outcome, matchId: o.matchId } : o)), statements: count.statements };
  } catch (e) {
    return { id, error: sendable(e), buffers: buffersOf(sent) };
  }
}

// One batch at a time, in the order sent (the event loop sends one at a time anyway).
let turn: Promise<void> = Promise.resolve();
parentPort!.on('message', (b: Batch) => {
  turn = turn.then(async () => {
    const a = await store(b);
    // A batch not stored gives its records' buffers back, moved as they came.
    parentPort!.postMessage(a, 'buffers' in a ? a.buffers.filter((x) => x !== null) : []);
  });
});
