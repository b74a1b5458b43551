// The device model's figures that the ESP32 build decides (issue 32, rung 4): each against where the firmware
// or its build configuration sets it, so that a change there shows here. The Moddable SDK is read when
// $MODDABLE names it (CI has none); the project's own files always.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIGURES, programUs } from '../../model/device/figures.ts';
import { boardFolders } from '../../tools/boards.ts';

type Manifest = { defines?: Record<string, unknown>; platforms?: Record<string, { defines?: Record<string, unknown> }> };
const manifests = (): [string, Manifest][] =>
  ['manifest.json', 'manifest_nonet.json', ...boardFolders().map((b) => `boards/${b}/manifest.json`)].map((p) => [p, JSON.parse(readFileSync(p, 'utf8')) as Manifest]);
/** A define of the app's or a board's manifests, at the top or for esp32. */
function defined(path: string[]): { where: string; value: unknown }[] {
  const found: { where: string; value: unknown }[] = [];
  for (const [where, m] of manifests()) {
    for (const d of [m.defines, m.platforms?.['esp32']?.defines, m.platforms?.['esp32/*']?.defines]) {
      let v: unknown = d;
      for (const k of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
      if (v !== undefined) found.push({ where, value: v });
    }
  }
  return found;
}
const sdk = process.env.MODDABLE && existsSync(join(process.env.MODDABLE, 'xs/platforms/esp/xsHost.c')) ? process.env.MODDABLE : '';

describe("device model: the figures the ESP32 build sets", () => {
  it("has the message queue's 10 slots: no manifest sets MODDEF_TASK_QUEUELENGTH, so xsHost.c's default", () => {
    assert.deepEqual(defined(['task', 'queueLength']), []);
    assert.equal(FIGURES.queueSlots, 10);
    if (sdk) assert.match(readFileSync(join(sdk, 'xs/platforms/esp/xsHost.c'), 'utf8'), /#define MODDEF_TASK_QUEUELENGTH \(10\)/);
  });

  it("has the capture's ring as edges.h sizes it", () => {
    const m = /#define kEdges (\d+)/.exec(readFileSync('hosts/device/capture/edges.h', 'utf8'));
    assert.equal(FIGURES.ringEdges, Number(m?.[1]));
  });

  it("programs littlefs 16 bytes a flash call, its prog_size and cache_size in the ESP32 build", () => {
    assert.deepEqual(defined(['file', 'lfs']), [], 'the app leaves littlefs as the SDK configures it');
    assert.equal(FIGURES.lfsProgBytes, 16);
    assert.equal(programUs(FIGURES.lfsProgBytes), 67.5);
    if (sdk) {
      const lfs = (JSON.parse(readFileSync(join(sdk, 'modules/files/file/manifest_littlefs.json'), 'utf8')) as { defines: { file: { lfs: Record<string, number> } } }).defines.file.lfs;
      assert.equal(lfs.prog_size, FIGURES.lfsProgBytes);
      assert.equal(lfs.cache_size, FIGURES.lfsProgBytes, 'a program is one cache flush');
    }
  });
});
