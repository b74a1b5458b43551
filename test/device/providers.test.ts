// Each board folder has its own host/provider.js, because the Moddable build looks for a board's host
// provider in the board's own folder (docs/install.md: "a copy of boards/reference-v1/host/provider.js").
// The copies must not drift apart: the code of every board's provider is the reference board's, to the
// character; only its comments may say which board it is.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';

/** A provider's code: its comment lines and blank lines left out. */
const code = (folder: string) =>
  readFileSync(`boards/${folder}/host/provider.js`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('//'))
    .join('\n');

describe('the boards\' host providers', () => {
  it('every board\'s provider is the reference board\'s code, but for its comments', () => {
    const boards = readdirSync('boards', { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    assert.ok(boards.length >= 2, boards.join(', '));
    const reference = code('reference-v1');
    assert.match(reference, /export default device;/);
    for (const b of boards) assert.equal(code(b), reference, `boards/${b}/host/provider.js`);
  });
});
