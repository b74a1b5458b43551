// Organisers' passwords as docs/tournament.md §1 keeps them: scrypt (N = 2^15, r = 8, p = 1), a 16-byte
// random salt, a 32-byte key, written `scrypt$N$r$p$<salt>$<key>` (base64url) so that a later version
// can raise the cost and still check the old ones.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

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

/** Whether `password` is the one `hash` was made from; false for a hash this code cannot read. */
export async function checkPassword(password: string, hash: string): Promise<boolean> {
  const m = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/.exec(hash);
  if (!m) return false;
  const want = Buffer.from(m[5], 'base64url');
  const key = await derive(password, Buffer.from(m[4], 'base64url'), { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) });
  return key.length === want.length && timingSafeEqual(key, want);
}
