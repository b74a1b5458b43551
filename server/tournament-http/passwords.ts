// Organisers' passwords as docs/tournament.md §1 keeps them: scrypt (N = 2^15, r = 8, p = 1), a 16-byte
// random salt, a 32-byte key, written `scrypt$N$r$p$<salt>$<key>` (base64url) so that a later version
// can raise the cost and still check the old ones.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { deriveOffLoop } from './password-threads.ts';

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY = 32;
/** scrypt needs 128·N·r bytes (32 MiB here), which is exactly Node's default limit: give it room. */
const MAXMEM = 64 * 1024 * 1024;
/** At least this many characters (§1). */
export const PASSWORD_MIN = 10;

function derive(password: string, salt: Buffer, o: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, KEY, { ...o, maxmem: MAXMEM }, (e, key) => (e ? reject(e) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether `password` is the one `hash` was made from; false for a hash this code cannot read. Checked
 *  in a thread that goes after the event loop (password-threads.ts): the login's checks are what a
 *  stranger can make the server compute most of. */
export async function checkPassword(password: string, hash: string): Promise<boolean> {
  const m = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/.exec(hash);
  if (!m) return false;
  const want = Buffer.from(m[5], 'base64url');
  const key = await deriveOffLoop(password, Buffer.from(m[4], 'base64url'), KEY, { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]), maxmem: MAXMEM });
  return key.length === want.length && timingSafeEqual(key, want);
}

/** scrypt checks running at once, over all names: each holds 32 MiB and a check thread of its own
 * (password-threads.ts), about 75 ms each on one core of the Xeon this was written on, so about 26
 * logins a second there (250–280 ms on the EPYC VM of December 2026). */
export const CHECKS_AT_ONCE = 2;
/** Logins of one name under way at once (one checked, the others waiting their turn): more are refused
 * at once (429), without a check. */
export const CHECKS_PER_NAME = 4;
/** Logins under way at once, over all names (checked or waiting): more are refused at once (503). */
export const CHECKS_IN_ALL = 64;

/** A place in the queue of password checks: `turn` resolves when it may check; `leave` frees the place
 * (after the check, or instead of it). */
export interface Turn {
  turn: Promise<void>;
  leave(): void;
}

/**
 * The bound on the scrypt checks a burst of logins costs (docs/tournament.md §2): at most CHECKS_AT_ONCE
 * run at once, one name's one at a time, in the order they came; a login that finds CHECKS_PER_NAME of
 * its name's, or CHECKS_IN_ALL in all, under way is refused before anything is computed. In memory, one
 * per process: what bounds the guesses across processes is the count in the database (organisers.ts).
 */
export class CheckQueue {
  private readonly waiting: { name: string; start: () => void }[] = [];
  /** Places held (waiting or checking) by name. */
  private readonly held = new Map<string, number>();
  private readonly checking = new Set<string>();

  constructor(private readonly atOnce = CHECKS_AT_ONCE, private readonly perName = CHECKS_PER_NAME, private readonly inAll = CHECKS_IN_ALL) {}

  /** A place for a check of `name`'s password, or why there is none: 'name' when that name has its
   * CHECKS_PER_NAME under way, 'all' when the server has CHECKS_IN_ALL. */
  enter(name: string): Turn | 'name' | 'all' {
    const mine = this.held.get(name) ?? 0;
    if (mine >= this.perName) return 'name';
    if (this.waiting.length + this.checking.size >= this.inAll) return 'all';
    this.held.set(name, mine + 1);
    let started = false;
    let left = false;
    let start!: () => void;
    const turn = new Promise<void>((resolve) => (start = () => ((started = true), resolve())));
    const entry = { name, start };
    this.waiting.push(entry);
    this.next();
    return {
      turn,
      leave: () => {
        if (left) return;
        left = true;
        if (started) this.checking.delete(name);
        else this.waiting.splice(this.waiting.indexOf(entry), 1);
        const now = this.held.get(name)! - 1;
        if (now === 0) this.held.delete(name);
        else this.held.set(name, now);
        this.next();
      },
    };
  }

  /** Starts the first waiting checks whose name is not being checked, while there is room. */
  private next(): void {
    for (let i = 0; i < this.waiting.length && this.checking.size < this.atOnce; ) {
      const e = this.waiting[i];
      if (this.checking.has(e.name)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.checking.add(e.name);
      e.start();
    }
  }
}
