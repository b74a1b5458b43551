// Signatures: HMAC-SHA256 over the raw body bytes with the 32 bytes the table's 64-hex secret stands
// for, sent as `Carrom-Signature: sha256=<hex>`. Compared in constant time.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET = /^[0-9a-f]{64}$/;
const HEADER = /^sha256=([0-9a-f]{64})$/;

export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

export function sign(secret: string, body: Uint8Array): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest('hex')}`;
}

/** Whether `header` is a well-formed signature of `body` under `secret`. */
export function verify(secret: string, body: Uint8Array, header: string): boolean {
  const m = HEADER.exec(header);
  if (!m) return false;
  const want = createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest();
  return timingSafeEqual(want, Buffer.from(m[1], 'hex'));
}

export const wellFormedSignature = (header: string): boolean => HEADER.test(header);

/** What the organiser types or pastes into the table's setup page. */
export function setupCode(table: string, secret: string): string {
  return `carrom1.${table}.${secret}`;
}
