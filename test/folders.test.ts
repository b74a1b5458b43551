// No folder of the repository's code holds more than 20 files (issue 33, docs/architecture.md): each fits
// on one screen, so a newcomer sees a folder's concern at a glance and a feature's files beside its name.
// Counted: the files directly in a folder (its subfolders not, nor their files), of every kind (tests,
// helpers, C, JSON), in every folder under the code's roots, test/ and tools/ included. Exempt: data
// folders (test/fixtures/ and all under it), where a file is a case and there are as many as cases.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../tools/scratch.ts';

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '..'));

/** The folders whose every folder the limit covers. docs/ is not code: its documents are a reader's list. */
const ROOTS = ['bin', 'boards', 'hosts', 'model', 'server', 'src', 'test', 'tools'];

/** The most files a folder holds. */
export const FOLDER_MAX = 20;

/** Data, not code: the folders (and everything under them) that the limit leaves out. */
const DATA = ['test/fixtures'];

/** Every folder under `roots` (themselves included) that holds more than `max` files, with its count, but
 *  those in `exempt` and under them. Paths are relative to `base`, with `/`. */
export function crowded(base: string, roots: readonly string[], max: number, exempt: readonly string[]): { folder: string; files: number }[] {
  const found: { folder: string; files: number }[] = [];
  const visit = (folder: string) => {
    if (exempt.includes(folder)) return; // and so are its subfolders: never reached
    const entries = readdirSync(join(base, folder), { withFileTypes: true });
    const files = entries.filter((e) => e.isFile()).length;
    if (files > max) found.push({ folder, files });
    for (const e of entries) if (e.isDirectory()) visit(`${folder}/${e.name}`);
  };
  for (const r of roots) visit(r);
  return found.sort((a, b) => (a.folder < b.folder ? -1 : 1));
}

describe(`no folder of the code holds more than ${FOLDER_MAX} files`, () => {
  it('the count finds a folder over the limit at any depth, counts only its own files, and leaves exempt folders out', () => {
    const base = scratchDir('folders');
    const files = (folder: string, n: number) => {
      mkdirSync(join(base, folder), { recursive: true });
      for (let i = 0; i < n; i++) writeFileSync(join(base, folder, `f${i}.ts`), '');
    };
    files('code', 3);
    files('code/wide', 4); // over 3
    files('code/wide/deep', 3); // at the limit: its parent's count does not include these
    files('code/deeper/still/over', 5);
    files('code/data', 9); // exempt, and so is all under it
    files('code/data/more', 9);
    files('other', 9); // not under a root
    assert.deepEqual(crowded(base, ['code'], 3, ['code/data']), [
      { folder: 'code/deeper/still/over', files: 5 },
      { folder: 'code/wide', files: 4 },
    ]);
    assert.deepEqual(crowded(base, ['code'], 3, ['code/data', 'code/wide', 'code/deeper']), []);
    assert.deepEqual(crowded(base, ['code'], 8, []), [{ folder: 'code/data', files: 9 }, { folder: 'code/data/more', files: 9 }]);
  });

  it(`every folder of ${ROOTS.join(', ')} holds at most ${FOLDER_MAX} files (test/fixtures/ is data, exempt)`, () => {
    const big = crowded(ROOT, ROOTS, FOLDER_MAX, DATA);
    assert.deepEqual(big, [], big.map(({ folder, files }) => `${folder} holds ${files} files, over ${FOLDER_MAX}: cut it into subfolders by concern`).join('; '));
  });
});
