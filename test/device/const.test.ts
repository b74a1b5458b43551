// The device bundles keep their top-level constants const (tools/build.ts constTopLevel): esbuild makes
// them `var`, which XS's linker warns about ("no const") and keeps as mutable closures in RAM.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkedConst, constTopLevel } from '../../tools/build.ts';

describe('device bundle: top-level constants stay const', () => {
  it('makes const a top-level var that nothing assigns again', () => {
    const code = 'var WIDTH = 128;\nvar BEAMS = Object.freeze([1]);\nfunction f(x) {\n  return x >= WIDTH && BEAMS.WIDTH <= 2;\n}\n';
    assert.equal(constTopLevel(code), code.replace('var WIDTH', 'const WIDTH').replace('var BEAMS', 'const BEAMS'));
  });

  it('leaves var a top-level var that is assigned, incremented, or shadowed by an assignment', () => {
    for (const use of ['n = 2;', 'n += 2;', 'n ??= 2;', 'n++;', '--n;', 'function g(n = 1) { return n; }']) {
      const code = `var n = 1;\n${use}\n`;
      assert.equal(constTopLevel(code), code, use);
    }
    assert.equal(constTopLevel('var x$1 = 1;\nx$1 = 3;\n'), 'var x$1 = 1;\nx$1 = 3;\n');
  });

  it('refuses a bundle that assigns to a const the pattern missed (destructuring)', async () => {
    await assert.rejects(checkedConst('const a = 1;\n({ a } = { a: 2 });\nexport { a };\n', true), /"a".*constant/);
    assert.match(await checkedConst('const a = 1;\nexport { a };\n', true), /const \w+=1/);
  });

  it('leaves no top-level var in the built device bundles (npm run build)', () => {
    const mcsim = readFileSync('build/device/mcsim/carrom.js', 'utf8');
    assert.equal(mcsim.match(/^var /gm), null);
    assert.ok((mcsim.match(/^const /gm) ?? []).length > 50);
    const esp32 = readFileSync('build/device/esp32/carrom.js', 'utf8');
    assert.doesNotMatch(esp32, /(^|;)var /);
  });
});
