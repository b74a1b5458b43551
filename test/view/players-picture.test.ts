// docs/players.md explains the display from a picture: it must be the display as the firmware draws it now.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { framePng } from '../../hosts/simulator/png.ts';
import { PLAYERS_PICTURE, renderScreen } from '../../tools/screens/screens.ts';

describe("the players' page picture", () => {
  it(`${PLAYERS_PICTURE} is the players-guide screen at 4× (npm run screens writes it)`, () => {
    assert.ok(Buffer.from(framePng(renderScreen('players-guide'), 4)).equals(readFileSync(PLAYERS_PICTURE)));
  });

  it('players.md shows it and explains every mark on it', () => {
    const doc = readFileSync('docs/players.md', 'utf8');
    assert.ok(doc.includes('](players-display.png)'));
    for (const mark of ['B1/8', 'G1', 'Q ON', 'Q ASHA?', 'DUE 0-1', '`W`', '`!`', '`↓`', '`○`', '`●`']) assert.ok(doc.includes(mark), `players.md says nothing of ${mark}`);
  });
});
