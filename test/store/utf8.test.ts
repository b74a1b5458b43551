import assert from 'node:assert/strict';
import fc from 'fast-check';
import { decodeUtf8, encodeUtf8 } from '../../src/store/utf8.ts';

describe('utf8', () => {
  it('encodes and decodes as Node does, for any text (names in six languages, emoji, long logs)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 3000 }), (s) => {
        const bytes = encodeUtf8(s);
        assert.deepEqual(Buffer.from(bytes), Buffer.from(s, 'utf8'));
        assert.equal(decodeUtf8(bytes), s);
      }),
      { numRuns: 300 },
    );
  });

  it('decodes a range of a buffer, across chunk boundaries', () => {
    const s = 'ação čšž åäö ș ț 😀'.repeat(200);
    const bytes = Buffer.concat([Buffer.from('xx'), Buffer.from(s, 'utf8'), Buffer.from('yy')]);
    assert.equal(decodeUtf8(new Uint8Array(bytes), 2, bytes.length - 2), s);
  });
});
