// Benchmarks of the outbox in XS: the engine's memory while a record of ~200 KiB streams from flash in
// 1 KiB pieces, with ranged reads (StoragePort.readRange, the device's files) and with whole-slot reads,
// and the XS operations to make a record (build the text, sign it, add it to the outbox).
import { xsScript } from '../build.ts';
import { randomMatch } from '../random-match.ts';
import { XsWorker } from '../xs/worker.ts';
import { TestOnlySha256 } from '../xs/test-sha256.ts';
import { fmt, table } from './stats.ts';
import { formatLog, publicState, replay, parseLog, formatJson } from '../../src/rules/index.ts';
import { MemoryStorage } from '../../src/store/memory.ts';
import { Outbox } from '../../src/sync/outbox.ts';
import { recordText, signedBody } from '../../src/sync/record.ts';

const SECRET = '5a'.repeat(32);

/** A long match's log and final state, the log's events repeated until the record is about `kib` KiB
 * (longer than any real match: the point is the size). */
function longMatch(kib: number): { log: string; state: string } {
  const m = randomMatch(11, { rules: 'icf', clean: true, options: { matchTarget: 999, maxBoards: 30 } });
  const real = formatLog(m.header, m.events);
  const parsed = parseLog(real);
  if (!parsed.ok) throw new Error('the bench match does not parse');
  const state = replay(parsed.value);
  if (!state.ok) throw new Error('the bench match does not replay');
  const [head, ...lines] = real.trimEnd().split('\n');
  let log = `${head}\n`;
  for (let i = 0; JSON.stringify(log).length < kib * 1024; i++) log += `${lines[i % lines.length]}\n`;
  return { log, state: formatJson(publicState(state.value)) };
}

async function streamed(flash: Uint8Array, ranged: boolean): Promise<{ growth: number; slots: number; compute: number; reply: string }> {
  const xs = new XsWorker();
  try {
    await xs.evaluate(await xsScript('tools/xs/outbox-entry.ts'));
    await xs.commandBytes(Buffer.concat([Buffer.from('L'), flash]));
    await xs.evaluate('gc()');
    const before = (await xs.evaluate('1')).meter;
    const a = await xs.commandBytes(Buffer.from(ranged ? 'Sr' : 'Sw'));
    void before; // xsnap reserves 32 MiB of chunks up front: its `allocate` does not move for buffers this size
    return { growth: a.meter.allocate - before.allocate, slots: a.meter.currentHeapCount, compute: a.meter.compute, reply: a.reply.toString() };
  } finally {
    xs.close();
  }
}

export async function benchSync(): Promise<string> {
  const { log, state } = longMatch(200);
  const flash = new MemoryStorage();
  const outbox = new Outbox(flash);
  outbox.open();
  const stateValue = JSON.parse(state);
  outbox.add('match', (counter) =>
    signedBody(recordText({ table: 'xs-table', counter, kind: 'match', firmware: 'bench', log, state: stateValue, madeAt: null }), SECRET, () => new TestOnlySha256()),
  );
  const [e] = outbox.queued();
  const slot = Buffer.from(flash.slots[e.at.slot]);
  const ranged = await streamed(slot, true);
  const whole = await streamed(slot, false);
  if (ranged.reply.split(' ').slice(0, 2).join() !== whole.reply.split(' ').slice(0, 2).join()) throw new Error(`the two reads streamed different bytes: ${ranged.reply} / ${whole.reply}`);

  const xs = new XsWorker();
  let ops: number[];
  try {
    await xs.evaluate(await xsScript('tools/xs/outbox-entry.ts'));
    await xs.commandBytes(Buffer.from(`T${log}\n${JSON.stringify(stateValue)}`));
    ops = [];
    for (const op of 'BGA') ops.push((await xs.commandBytes(Buffer.from(op))).meter.compute);
  } finally {
    xs.close();
  }
  const kib = (n: number) => `${fmt(n / 1024, 1)} KiB`;
  return table(`The outbox in XS (a record of ${kib(e.at.length)}, a slot of ${kib(slot.length)}, streamed in 1 KiB pieces)`, [
    ...[ranged, whole].map((r, i): [string, string, string] => {
      const [, , largest, total] = r.reply.split(' ').map(Number);
      return [`largest buffer read from flash at once, ${i ? 'whole-slot' : 'ranged'} reads (open + stream)`, kib(largest), `${kib(total)} read in all, ${fmt(r.compute)} operations, ${fmt(r.slots)} heap slots after`];
    }),
    ['XS operations to build the record text', fmt(ops[0])],
    ['XS operations to sign it (HMAC-SHA256 over the test-only SHA-256 in JS; the device digests in C)', fmt(ops[1])],
    ['XS operations to add it to the outbox (CRC, frame, write)', fmt(ops[2])],
  ]);
}
