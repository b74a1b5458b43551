// Organisers' passwords (server/tournament-http/passwords.ts, docs/tournament.md §1–2): the stored form and
// its check, which reads only what this code wrote and says false, never throws, for anything else; and the
// queue that bounds a burst of logins' scrypt checks: so many at once, one name's one at a time in the order
// they came, a name's places and the server's places counted, a place left once however often it is left.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { CheckQueue, checkPassword, hashPassword, type Turn } from '../../../server/tournament-http/passwords.ts';
import { CHECK_NICE } from '../../../server/tournament-http/password-threads.ts';

/** This process's threads (Linux): each one's CPU time so far (user and system, in clock ticks) and its
 *  nice value, by thread id. */
function threads(): Map<number, { cpu: number; nice: number }> {
  const out = new Map<number, { cpu: number; nice: number }>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const f = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(Number(tid), { cpu: Number(f[11]) + Number(f[12]), nice: Number(f[16]) });
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/** Whether each turn has started, once every callback that is ready has run. */
async function started(turns: Turn[]): Promise<boolean[]> {
  const seen = turns.map(() => false);
  turns.forEach((t, i) => void t.turn.then(() => (seen[i] = true)));
  await new Promise((resolve) => setImmediate(resolve));
  return seen;
}

describe('organisers’ passwords', function () {
  // A check's thread started from the source loads tsx first: seconds on a busy machine.
  this.timeout(60_000);

  it('are stored as scrypt with its cost, salt and key, and checked against that alone', async () => {
    const hash = await hashPassword('a long enough password');
    assert.match(hash, /^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    assert.notEqual(await hashPassword('a long enough password'), hash, 'a salt of its own each time');
    assert.equal(await checkPassword('a long enough password', hash), true);
    assert.equal(await checkPassword('a long enough passwore', hash), false);
    // What this code did not write reads as no match: another scheme, text around it, a key cut short.
    assert.equal(await checkPassword('a long enough password', hash.replace(/^scrypt/, 'bcrypt')), false);
    assert.equal(await checkPassword('a long enough password', `x${hash}`), false);
    assert.equal(await checkPassword('a long enough password', `${hash}$`), false);
    assert.equal(await checkPassword('a long enough password', hash.slice(0, -2)), false);
  });

  // Issue 29's siege: a thousand guessers' free tries are checked one after another for a minute, each
  // 75–280 ms of a core; at the event loop's priority they took its core whenever the machine was short.
  it('are checked in a thread that goes after the event loop (CHECK_NICE lower), whatever the process was reniced to', async function () {
    if (process.platform !== 'linux') this.skip();
    // Run at nice 19 (as this machine's tests are), the checks could go no lower: the event loop is
    // given room under it for the test, where allowed (not root: skipped).
    const nice = getPriority();
    if (nice + CHECK_NICE > 19) {
      try {
        setPriority(19 - CHECK_NICE);
      } catch {
        this.skip();
      }
    }
    try {
      await checkedAfterTheLoop();
    } finally {
      try {
        setPriority(nice);
      } catch {
        // Raising a nice is always allowed; nothing to do.
      }
    }
  });

  it('are checked a few at once, one name’s one at a time in order, a name’s and the server’s places bounded', async () => {
    const q = new CheckQueue(2, 2, 4);
    const a1 = q.enter('asha') as Turn;
    const a2 = q.enter('asha') as Turn;
    assert.equal(q.enter('asha'), 'name', 'asha holds her two places');
    const b1 = q.enter('ben') as Turn;
    const c1 = q.enter('cleo') as Turn;
    assert.equal(q.enter('dev'), 'all', 'four places held in all');
    assert.deepEqual(await started([a1, a2, b1, c1]), [true, false, true, false], 'two at once, asha’s second after her first');
    a1.leave();
    a1.leave();
    assert.deepEqual(await started([a2, c1]), [true, false], 'asha’s second came before cleo’s; a place is left once');
    c1.leave();
    const d1 = q.enter('dev') as Turn;
    assert.notEqual(d1, 'all', 'cleo left her place, waiting');
    b1.leave();
    assert.deepEqual(await started([d1]), [true]);
    assert.notEqual(q.enter('asha'), 'name', 'asha holds one place now');
  });
});

/** Two checks, then every thread reniced to the event loop's priority and two more: each pair computed
 *  by a thread other than the event loop's, at CHECK_NICE over it. */
async function checkedAfterTheLoop(): Promise<void> {
  const hash = await hashPassword('a long enough password');
  /** The thread that computed two checks (the one whose CPU time grew most: well over 50 ms) and its nice. */
  const checkedBy = async () => {
    const before = threads();
    assert.equal(await checkPassword('a long enough password', hash), true);
    assert.equal(await checkPassword('a long enough passwore', hash), false);
    const after = threads();
    const [tid, grew] = [...after].map(([t, x]) => [t, x.cpu - (before.get(t)?.cpu ?? 0)] as const).sort((x, y) => y[1] - x[1])[0];
    assert.ok(grew >= 5, `the checks took ${grew} ticks`);
    return { tid, nice: after.get(tid)!.nice };
  };
  const first = await checkedBy();
  assert.notEqual(first.tid, process.pid, 'not on the event loop');
  assert.equal(first.nice, Math.min(19, getPriority() + CHECK_NICE), `the event loop's nice is ${getPriority()}`);
  // Every thread set to the event loop's priority, as a supervisor (or the siege test) renices a
  // process: the next checks go after the event loop again. Where lowering a thread's nice is not
  // allowed (not root), this half is not tried.
  try {
    for (const tid of threads().keys()) setPriority(tid, getPriority());
  } catch {
    return;
  }
  assert.equal(threads().get(first.tid)?.nice, getPriority(), 'reniced');
  const again = await checkedBy();
  assert.equal(again.nice, Math.min(19, getPriority() + CHECK_NICE));
}

