// HMAC-SHA256 over the digest port: RFC 4231's test cases, random keys and messages against Node's
// crypto.createHmac, and the test-only SHA-256 used in XS against Node's createHash.
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { Hmac, fromHex, hmacSha256, tableKey, toHex } from '../../src/sync/hmac.ts';
import { TestOnlySha256 } from '../../tools/xs/test-sha256.ts';
import { rng } from '../../tools/random-match.ts';
import { nodeDigest } from '../../hosts/simulator/sync.ts';
import { RFC4231 } from '../helpers/rfc4231.ts';

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

  it('a table key is the 32 bytes of a 64-hex secret; any other secret is refused, saying so', () => {
    const secret = '00112233445566778899aabbccddeeff00112233445566778899AABBCCDDEEFF';
    assert.equal(toHex(tableKey(secret)), secret.toLowerCase());
    const refused = { message: 'the table secret is not 64 hex digits' };
    assert.throws(() => tableKey(secret.slice(2)), refused, '62 digits');
    assert.throws(() => tableKey(`${secret}00`), refused, '66 digits');
    assert.throws(() => tableKey(`${secret.slice(1)}g`), refused, 'not hex');
    assert.throws(() => tableKey(''), refused, 'empty');
  });
});
