// The device bundles keep their top-level constants const (tools/build.ts checkedConst): esbuild makes
// them `var`, which XS's linker warns about ("no const") and keeps as mutable closures in RAM.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkedConst, constTopLevel } from '../../tools/build.ts';
import { deviceBundleBytes } from '../../tools/bench/app.ts';

describe('device bundle: top-level constants stay const', () => {
  it('makes const every top-level var but those it is told to keep', () => {
    const code = 'var WIDTH = 128;\nvar n = 1;\nfunction f(x) {\n  var inner = 2;\n  return x >= WIDTH + inner;\n}\n';
    assert.equal(constTopLevel(code, new Set(['n'])), code.replace('var WIDTH', 'const WIDTH'));
  });

  it('keeps var what is assigned, incremented or destructured into, and nothing else', async () => {
    for (const use of ['n = 2;', 'n += 2;', 'n ??= 2;', 'n++;', '--n;', '({ n } = { n: 2 });', '[n] = [3];']) {
      const out = await checkedConst(`var n = 1;\nvar k = "n = 3";\n${use}\nexport { n, k };\n`, false);
      assert.match(out, /^var n = 1;$/m, use);
      assert.match(out, /^const k = "n = 3";$/m, `${use}: a name in a string is not an assignment`);
    }
    const shadow = await checkedConst('var n = 1;\nfunction g(n = 1) {\n  n = 2;\n  return n;\n}\nexport { n, g };\n', false);
    assert.match(shadow, /^const n = 1;$/m, 'a parameter of the same name is another variable');
  });

  it('minifies after the check', async () => {
    assert.match(await checkedConst('var a = 1;\nexport { a };\n', true), /^const \w+=1;/);
  });

  it('leaves no top-level var in the built device bundles (npm run build)', () => {
    const mcsim = readFileSync('build/device/mcsim/carrom.js', 'utf8');
    assert.equal(mcsim.match(/^var /gm), null);
    assert.ok((mcsim.match(/^const /gm) ?? []).length > 50);
    const esp32 = readFileSync('build/device/esp32/carrom.js', 'utf8');
    assert.doesNotMatch(esp32, /(^|;)var /);
  });

  it('npm run bench measures that same bundle and leaves it as it was', async () => {
    const built = readFileSync('build/device/esp32/carrom.js', 'utf8');
    assert.equal(await deviceBundleBytes(), Buffer.byteLength(built));
    assert.equal(readFileSync('build/device/esp32/carrom.js', 'utf8'), built);
  });
});
