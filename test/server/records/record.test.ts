// The record's fields, signatures and the setup code, without a server.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { parseRecord } from '../../../server/records/record.ts';
import { newSecret, setupCode, sign, verify } from '../../../server/common/sign.ts';

describe('result record and signature', () => {
  const secret = newSecret();
  const body = Buffer.from('{"carromResult":1}');

  it('signs with HMAC-SHA256 keyed by the 32 bytes the secret stands for', () => {
    assert.match(secret, /^[0-9a-f]{64}$/);
    const want = createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest('hex');
    assert.equal(sign(secret, body), `sha256=${want}`);
    assert.equal(verify(secret, body, `sha256=${want}`), true);
  });

  it('does not verify another body, another key, or a malformed header', () => {
    const good = sign(secret, body);
    assert.equal(verify(secret, Buffer.from('{"carromResult":2}'), good), false);
    assert.equal(verify(newSecret(), body, good), false);
    // The key is the bytes, not the hex text.
    assert.equal(verify(secret, body, `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`), false);
    for (const bad of ['', good.slice(7), `sha1=${good.slice(7)}`, `${good}00`, good.toUpperCase()]) assert.equal(verify(secret, body, bad), false, bad);
  });

  it('writes the setup code the table\'s setup page reads', () => {
    assert.equal(setupCode('hall-1', 'ab'.repeat(32)), `carrom1.hall-1.${'ab'.repeat(32)}`);
  });

  it('reads a record, ignoring fields it does not know, and says which field is wrong', () => {
    const ok = { carromResult: 1, table: 'hall-1', counter: 7, kind: 'match', firmware: '0.1.0', log: '', state: { match: {}, board: {} }, madeAt: null, extra: [1] };
    const r = parseRecord(JSON.stringify(ok));
    assert.ok(r.ok);
    assert.equal(r.value.counter, 7);
    assert.equal(r.value.madeAt, null);
    const wrong = (change: Record<string, unknown>) => {
      const x = parseRecord(JSON.stringify({ ...ok, ...change }));
      return x.ok ? 'accepted' : x.error;
    };
    assert.match(wrong({ table: 'a'.repeat(41) }), /"table"/);
    assert.match(wrong({ table: 'Hall' }), /"table"/);
    assert.match(wrong({ counter: -1 }), /"counter"/);
    assert.match(wrong({ counter: 2 ** 53 }), /"counter"/);
    assert.match(wrong({ state: { match: {} } }), /"state"/);
    assert.equal(wrong({ madeAt: '2031-02-03T04:05:06Z' }), 'accepted');
    assert.equal(r.value.abandoned, false, 'abandoned is optional');
    assert.equal(wrong({ abandoned: true }), 'accepted');
    assert.match(wrong({ abandoned: 'yes' }), /"abandoned" must be true or false/);
  });
});
