// The sync settings' checks at their edges (src/sync/setup-code.ts), pinned where mutation testing found
// them loose (issue 31): a table id of exactly 40 characters, a character outside a-z 0-9 - after valid
// ones, the server's address trimmed, anchored, its port's bounds and an IPv6 host, trailing slashes, and
// checkSettings' order of errors and an empty server.
import assert from 'node:assert/strict';
import { checkServer, checkSettings, checkTableId } from '../../src/sync/setup-code.ts';

const SECRET = 'ab'.repeat(32);

describe('sync: the setup checks at their edges', () => {
  it('a table id of 40 characters is one, of 41 not; a character outside a-z 0-9 - anywhere refuses it', () => {
    assert.equal(checkTableId('a'.repeat(40)), null);
    assert.equal(checkTableId('a'.repeat(41)), 'the table id has 41 characters (at most 40)');
    assert.equal(checkTableId('hall-1!'), 'the table id "hall-1!" may hold only a-z, 0-9 and -');
  });

  it('a server address is trimmed, must start with http(s)://, and keeps no trailing slashes', () => {
    assert.deepEqual(checkServer('  http://club.local:8080/  '), { ok: true, value: 'http://club.local:8080' });
    assert.deepEqual(checkServer('http://club.local'), { ok: true, value: 'http://club.local' });
    assert.deepEqual(checkServer('https://club.local/results//'), { ok: true, value: 'https://club.local/results' });
    assert.equal(checkServer('xhttp://club.local').ok, false);
  });

  it('a port is 1 to 65535, both included; an IPv6 host keeps its colons', () => {
    assert.equal(checkServer('http://club.local:1').ok, true);
    assert.equal(checkServer('http://club.local:65535').ok, true);
    assert.deepEqual(checkServer('http://club.local:0'), { ok: false, error: 'the server\'s port "0" is not 1-65535' });
    assert.deepEqual(checkServer('http://club.local:65536'), { ok: false, error: 'the server\'s port "65536" is not 1-65535' });
    assert.deepEqual(checkServer('http://[::1]:8080/'), { ok: true, value: 'http://[::1]:8080' });
  });

  it('checkSettings: the table id first, then the secret; an absent or empty server is none, another type refused', () => {
    assert.deepEqual(checkSettings({ table: 'Hall', secret: 'x' }), { ok: false, error: 'the table id "Hall" may hold only a-z, 0-9 and -' });
    assert.deepEqual(checkSettings({ table: 'hall', secret: 'x' }), { ok: false, error: 'the secret has 1 characters (64 hex digits expected)' });
    for (const server of [undefined, null, '']) {
      assert.deepEqual(checkSettings({ table: 'hall', secret: SECRET.toUpperCase(), server }), { ok: true, value: { server: null, table: 'hall', secret: SECRET } });
    }
    assert.deepEqual(checkSettings({ table: 'hall', secret: SECRET, server: 5 }), { ok: false, error: 'the server must be an address' });
    assert.deepEqual(checkSettings({ table: 'hall', secret: SECRET, server: 'http://club.local:8080/' }), { ok: true, value: { server: 'http://club.local:8080', table: 'hall', secret: SECRET } });
  });
});
