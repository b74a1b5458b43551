import assert from 'node:assert/strict';
import { checkServer, checkSettings, formatSetupCode, parseSetupCode } from '../../src/sync/setup-code.ts';

const SECRET = '0123456789abcdef'.repeat(4);

describe('the setup code and sync settings', () => {
  it('reads carrom1.<table>.<secret>, round trip, with spaces and an upper-case secret', () => {
    assert.equal(formatSetupCode('club-7', SECRET), `carrom1.club-7.${SECRET}`);
    assert.deepEqual(parseSetupCode(` carrom1.club-7.${SECRET.toUpperCase()}\n`), { ok: true, value: { table: 'club-7', secret: SECRET } });
  });

  it('says what is wrong with a bad code', () => {
    const bad: [string, RegExp][] = [
      ['', /starts with "carrom1\."/],
      [`carrom2.t.${SECRET}`, /starts with/],
      [`carrom1.t`, /three parts.*has 2/],
      [`carrom1.a.b.${SECRET}`, /has 4/],
      [`carrom1..${SECRET}`, /table id is empty/],
      [`carrom1.Club.${SECRET}`, /a-z, 0-9 and -/],
      [`carrom1.${'t'.repeat(41)}.${SECRET}`, /41 characters/],
      [`carrom1.t.${SECRET.slice(1)}`, /63 characters/],
      [`carrom1.t.${SECRET.slice(1)}g`, /64 hex digits/],
    ];
    for (const [code, why] of bad) {
      const r = parseSetupCode(code);
      assert.ok(!r.ok, code);
      assert.match(r.error, why, code);
    }
  });

  it('checks settings; an empty server means mDNS; a URL loses its trailing slash', () => {
    assert.deepEqual(checkSettings({ table: 't1', secret: SECRET, server: '' }), { ok: true, value: { server: null, table: 't1', secret: SECRET } });
    assert.deepEqual(checkSettings({ table: 't1', secret: SECRET, server: 'http://10.0.0.5:8080/' }), { ok: true, value: { server: 'http://10.0.0.5:8080', table: 't1', secret: SECRET } });
    assert.deepEqual(checkServer('https://results.club/carrom'), { ok: true, value: 'https://results.club/carrom' });
    for (const [s, why] of [
      [{ secret: SECRET }, /table id is missing/],
      [{ table: 't1' }, /secret is missing/],
      [{ table: 't1', secret: SECRET, server: 'ftp://x' }, /not an address/],
      [{ table: 't1', secret: SECRET, server: 'http://x:99999' }, /port "99999"/],
      [{ table: 't1', secret: SECRET, server: 'http://x/?q=1' }, /not an address/],
      [{ table: 't1', secret: SECRET, server: 7 }, /must be an address/],
    ] as const) {
      const r = checkSettings(s);
      assert.ok(!r.ok);
      assert.match(r.error, why);
    }
  });
});
