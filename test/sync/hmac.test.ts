// HMAC-SHA256 over the digest port: RFC 4231's test cases, random keys and messages against Node's
// crypto.createHmac, and the test-only SHA-256 used in XS against Node's createHash.
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { Hmac, fromHex, hmacSha256, toHex } from '../../src/sync/hmac.ts';
import { TestOnlySha256 } from '../../tools/xs/test-sha256.ts';
import { rng } from '../../tools/random-match.ts';
import { nodeDigest } from '../helpers/digest.ts';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
const fill = (n: number, b: number) => new Uint8Array(n).fill(b);

/** RFC 4231 §4: the cases whose output is the whole 256 bits (case 5 is truncated to 128). */
export const RFC4231: readonly { name: string; key: Uint8Array; data: Uint8Array; mac: string }[] = [
  { name: '1', key: fill(20, 0x0b), data: bytes('Hi There'), mac: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7' },
  { name: '2', key: bytes('Jefe'), data: bytes('what do ya want for nothing?'), mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843' },
  { name: '3', key: fill(20, 0xaa), data: fill(50, 0xdd), mac: '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe' },
  { name: '4', key: Uint8Array.from({ length: 25 }, (_, i) => i + 1), data: fill(50, 0xcd), mac: '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b' },
  { name: '6', key: fill(131, 0xaa), data: bytes('Test Using Larger Than Block-Size Key - Hash Key First'), mac: '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54' },
  {
    name: '7',
    key: fill(131, 0xaa),
    data: bytes('This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.'),
    mac: '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
  },
];

const testDigest = () => new TestOnlySha256();

describe('HMAC-SHA256', () => {
  for (const c of RFC4231) {
    it(`RFC 4231 test case ${c.name}`, () => {
      assert.equal(toHex(hmacSha256(nodeDigest, c.key, c.data)), c.mac);
      assert.equal(toHex(hmacSha256(testDigest, c.key, c.data)), c.mac);
    });
  }

  it('random keys and messages, whole or in random chunks, agree with crypto.createHmac', () => {
    const r = rng(42);
    for (let run = 0; run < 300; run++) {
      const key = Uint8Array.from({ length: Math.floor(r() * 150) }, () => Math.floor(r() * 256));
      const data = Uint8Array.from({ length: Math.floor(r() * 3000) }, () => Math.floor(r() * 256));
      const expected = createHmac('sha256', key).update(data).digest('hex');
      const h = new Hmac(run % 2 ? nodeDigest : testDigest, key);
      for (let at = 0; at < data.length; ) {
        const n = Math.floor(r() * 200);
        h.write(data.subarray(at, at + n));
        at += n;
      }
      assert.equal(toHex(h.close()), expected, `run ${run}: key ${key.length} bytes, message ${data.length}`);
    }
  });

  it('the test-only SHA-256 (for XS) agrees with createHash at every length around the block edges', () => {
    for (let n = 0; n < 200; n++) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 7 + n) & 0xff);
      const d = new TestOnlySha256();
      d.write(data);
      assert.equal(toHex(new Uint8Array(d.close())), createHash('sha256').update(data).digest('hex'), `${n} bytes`);
    }
  });

  it('hex both ways; bad hex is null', () => {
    assert.equal(toHex(fromHex('00ff10Ab')!), '00ff10ab');
    assert.equal(fromHex('abc'), null);
    assert.equal(fromHex('zz'), null);
  });
});
