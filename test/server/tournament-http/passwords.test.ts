// Organisers' passwords (server/tournament-http/passwords.ts, docs/tournament.md §1–2): the stored form and
// its check, which reads only what this code wrote and says false, never throws, for anything else; and the
// queue that bounds a burst of logins' scrypt checks: so many at once, one name's one at a time in the order
// they came, a name's places and the server's places counted, a place left once however often it is left.
import assert from 'node:assert/strict';
import { CheckQueue, checkPassword, hashPassword, type Turn } from '../../../server/tournament-http/passwords.ts';

/** Whether each turn has started, once every callback that is ready has run. */
async function started(turns: Turn[]): Promise<boolean[]> {
  const seen = turns.map(() => false);
  turns.forEach((t, i) => void t.turn.then(() => (seen[i] = true)));
  await new Promise((resolve) => setImmediate(resolve));
  return seen;
}

describe('organisers’ passwords', function () {
  this.timeout(20_000);

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
