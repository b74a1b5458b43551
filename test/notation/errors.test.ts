// A malformed notation is refused with the line and column of what is wrong and why (docs/notation.md,
// "Errors"): every case below starts from a notation the printer wrote and breaks one thing in it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { printNotation, readNotation } from '../../src/notation/index.ts';
import { parseLog } from '../../src/rules/index.ts';

function printed(path: string, times = true): string {
  const log = parseLog(readFileSync(path, 'utf8'));
  assert.ok(log.ok);
  const text = printNotation(log.value.header, log.value.events, { times });
  assert.ok(text.ok);
  return text.value;
}

const FIRST = printed('docs/examples/first.jsonl');
const LATE = printed('docs/examples/late.jsonl', false);

/** The notation with one text replaced (it must be there exactly once). */
function broken(text: string, from: string, to: string): string {
  assert.equal(text.split(from).length, 2, `"${from}" once in the notation`);
  return text.replace(from, to);
}

/** Line and column (1-based) of the first occurrence of `what` in `text`, `skip` characters on. */
function where(text: string, what: string, skip = 0): string {
  const i = text.indexOf(what) + skip;
  assert.ok(i >= 0, what);
  const before = text.slice(0, i).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

const CASES: { what: string; text: string; at: string; skip?: number; reason: RegExp }[] = [
  { what: 'an unknown piece', text: broken(FIRST, 'K0 K1', 'K0 X1'), at: 'X1', reason: /"X" is no piece/ },
  { what: 'a pocket that does not exist', text: broken(FIRST, 'K0 K1', 'K0 K7'), at: 'K7', reason: /pocket 7: pockets are 0–3/ },
  { what: 'a player the mode lacks', text: broken(FIRST, '3. B', '3. C'), at: 'C K0', reason: /no player C in singles/ },
  { what: 'an unknown word', text: broken(FIRST, '2. A /', '2. A nocontacts /'), at: 'nocontacts', reason: /unknown token "nocontacts"/ },
  { what: 'an off-board call of a name every object has', text: broken(LATE, '2. B / /', '2. B off:constructor / /'), at: 'off:constructor', reason: /off: takes a piece's letter/ },
  { what: 'a foul the format lacks', text: broken(FIRST, '2. A /', '2. A foul:push /'), at: 'foul:push', reason: /foul:touch, foul:technique/ },
  { what: 'a colour that is no colour', text: broken(FIRST, '2. A /', '2. A / colour:red'), at: 'colour:red', reason: /colour:white or colour:black/ },
  { what: 'a piece named as a man', text: broken(FIRST, '2. A /', '2. A / =M'), at: '=M', reason: /a piece is named W, K, Q or S/ },
  { what: 'a shot number without its dot', text: broken(FIRST, '3. B', '3 B'), at: '3 B', reason: /ends with a dot/ },
  { what: 'a comment never closed', text: broken(FIRST, '{@0:09.000 0:11.500}', '{@0:09.000 0:11.500'), at: '{@0:09.000', reason: /"\{" is not closed by "\}" before the next "\{" \(line 16, column 14\)/ },
  { what: 'a mark never closed', text: broken(FIRST, '1. A W2 /', '1. A W2 / <colours'), at: '<colours', reason: /"<" is not closed by ">" before the next "<"/ },
  { what: 'a brace that closes nothing', text: broken(FIRST, '2. A /', '2. A / }'), at: '/ }', skip: 2, reason: /closes nothing/ },
  { what: 'too few times', text: broken(FIRST, '{@0:09.000 0:11.500}', '{@0:09.000}'), at: '{@0:09.000}', reason: /1 time for the 2 events/ },
  { what: 'a time that is no time', text: broken(FIRST, '0:11.500', '0:11.5'), at: '0:11.5', reason: /"0:11.5" is not a time/ },
  { what: 'time going backwards', text: broken(FIRST, '0:11.500', '0:01.500'), at: '0:01.500', reason: /time goes backwards \(0:01\.500 after 0:09\.000\)/ },
  { what: 'a tag pair without quotes', text: broken(FIRST, '[Round "?"]', '[Round ?]'), at: '[Round ?]', reason: /a tag pair is \[Name "value"\]/ },
  { what: 'a tag value never closed', text: broken(FIRST, '[Round "?"]', '[Round "?]'), at: '"?]', reason: /never closed by a quote/ },
  { what: 'a bad escape in a tag value', text: broken(FIRST, '[A "Asha"]', '[A "As\\ha"]'), at: '"As\\ha"', reason: /not a valid string/ },
  { what: 'a tag given twice', text: broken(FIRST, '[Round "?"]', '[Round "?"]\n[Round "2"]'), at: '[Round "2"]', reason: /given twice \(first on line 3\)/ },
  { what: 'a tag after the shots', text: `${FIRST}[Round "2"]\n`, at: '[Round "2"]', reason: /tags come first/ },
  { what: 'an unknown preset', text: broken(FIRST, '[Preset "icf"]', '[Preset "icx"]'), at: '[Preset', reason: /unknown rules "icx"/ },
  { what: 'an unknown mode', text: broken(FIRST, '[Mode "singles"]', '[Mode "single"]'), at: '[Mode', reason: /"Mode" must be one of singles, doubles, three/ },
  { what: 'a mode the preset lacks', text: broken(broken(FIRST, '[Preset "icf"]', '[Preset "se"]'), '[Mode "singles"]', '[Mode "three"]\n[C "Cleo"]'), at: '[Mode', reason: /do not allow mode "three"/ },
  { what: 'a player too many', text: broken(FIRST, '[B "Ben"]', '[B "Ben"]\n[C "Cleo"]'), at: '[C "Cleo"]', reason: /mode singles has 2 players/ },
  { what: 'a missing player', text: broken(FIRST, '[B "Ben"]\n', ''), at: '1. A', reason: /tag "B" is missing/ },
  { what: 'a breaker who is not a player', text: broken(FIRST, '[Breaker "A"]', '[Breaker "Asha"]'), at: '[Breaker', reason: /player's letter \(A, B\)/ },
  { what: 'options that are no object', text: broken(FIRST, '[Breaker "A"]', '[Breaker "A"]\n[Options "maxBoards 2"]'), at: '[Options', reason: /must hold a JSON object/ },
  { what: 'an option the preset refuses', text: broken(FIRST, '[Breaker "A"]', '[Breaker "A"]\n[Options "{\\"queenBonus\\": \\"three\\"}"]'), at: '[Options', reason: /option "queenBonus" has a bad value/ },
  { what: 'a result the shots do not make', text: broken(FIRST, '[Result "*"]', '[Result "A"]'), at: '[Result', reason: /"Result" says "A", but the shots make it "\*"/ },
  { what: 'a score the shots do not make', text: broken(FIRST, '[Score "0-0"]', '[Score "1-0"]'), at: '[Score', reason: /"Score" says "1-0", but the shots make it "0-0"/ },
  { what: 'games in a match of one game', text: broken(FIRST, '[Score "0-0"]', '[Score "0-0"]\n[Games "1-0"]'), at: '[Games', reason: /no games/ },
  { what: 'a mark the shots do not make', text: broken(FIRST, '2. A /', '2. A / <dues 1-0>'), at: '<dues', reason: /<dues 1-0>: the shots make no mark here/ },
  { what: 'a mark unlike the one the shots make', text: broken(FIRST, '<colours: A white, B black>', '<colours: A black, B white>'), at: '<colours', reason: /the shots make <colours: A white, B black> here/ },
  { what: 'a mark missing among several', text: broken(LATE, ' <warning: settle with no shot in progress>', ''), at: '<warning', reason: /<warning: settle with no shot in progress> too: a line's marks are all or none/ },
  { what: 'a mark before any shot', text: broken(FIRST, '\n1. A', '\n<dues 0-0> 1. A'), at: '<dues 0-0>', reason: /an annotation before any shot/ },
  { what: 'the wrong player for a strike with no seat', text: broken(LATE, '2. B', '2. b'), at: '2. b', skip: 3, reason: /"b": the shot is A's, the player on turn/ },
];

describe('carrom notation: errors name the line and column', () => {
  for (const c of CASES) {
    it(c.what, () => {
      const r = readNotation(c.text);
      assert.ok(!r.ok, 'refused');
      const at = where(c.text, c.at, c.skip);
      assert.equal(`${r.error.line}:${r.error.column}`, at, r.error.reason);
      assert.match(r.error.reason, c.reason);
    });
  }

  it('the notations broken above are read when whole', () => {
    assert.ok(readNotation(FIRST).ok);
    assert.ok(readNotation(LATE).ok);
  });

  it('tags named as what every object has ("toString", "constructor") are tags like any other', () => {
    const r = readNotation(broken(FIRST, '[Round "?"]', '[toString "x"]\n[constructor "z"]'));
    assert.ok(r.ok, r.ok ? '' : r.error.reason);
    assert.deepEqual([r.value.tags.toString, r.value.tags.constructor], ['x', 'z']);
  });
});

describe('carrom notation: any text gets an answer, never a crash', () => {
  it('2,000 notations broken at random (characters dropped, doubled, swapped for one of the syntax) are read or refused at a place inside them', () => {
    const SYNTAX = ['[', ']', '{', '}', '<', '>', '"', '\\', '/', '=', '@', ':', ' ', '\n', 'A', 'c', 'W', 'K9', '7.', 'ms', 'undo', '*'];
    const sources = [FIRST, LATE, printed('test/fixtures/matches/icf-singles.jsonl'), printed('test/fixtures/matches/si-three.jsonl', false)];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let refused = 0;
    for (let n = 0; n < 2000; n++) {
      let text = sources[n % sources.length];
      for (let k = 1 + Math.floor(next() * 3); k > 0; k--) {
        const i = Math.floor(next() * text.length);
        const what = next();
        if (what < 0.3) text = text.slice(0, i) + text.slice(i + 1);
        else if (what < 0.5) text = text.slice(0, i) + text[i] + text.slice(i);
        else text = text.slice(0, i) + SYNTAX[Math.floor(next() * SYNTAX.length)] + text.slice(i + 1);
      }
      const r = readNotation(text);
      if (r.ok) continue;
      refused++;
      const lines = text.split('\n');
      assert.ok(r.error.line >= 1 && r.error.line <= lines.length, `line ${r.error.line} of ${lines.length}: ${r.error.reason}`);
      assert.ok(r.error.column >= 1 && r.error.column <= lines[r.error.line - 1].length + 1, `column ${r.error.column} of line ${r.error.line}: ${r.error.reason}`);
      assert.ok(r.error.reason.length > 10, r.error.reason);
    }
    assert.ok(refused > 1000, `only ${refused} of 2,000 broken notations were refused`);
  });
});
