// The six string tables: every message id in every language, the same parameters, a glyph for every
// character, and every message, with the longest arguments it can be given, rendered within its line.
import assert from 'node:assert/strict';
import { EN, type MessageId } from '../../src/i18n/en.ts';
import { LANGUAGES, LANGUAGE_NAMES, TABLES, say, type Language } from '../../src/i18n/index.ts';
import { GLYPHS } from '../../src/view/font.ts';
import { Frame, WIDTH, textWidth } from '../../src/view/frame.ts';
import { wrap } from '../../src/view/wrap.ts';

const IDS = Object.keys(EN) as MessageId[];

/** Characters a line holds: the bottom line 21, a text screen's row 20 (src/view/text.ts keeps the last
 * column for its scroll arrows), a menu row 19 (17 for a choice, after its "• " mark), a title 16, the
 * queen's and the dues' corners of the turn line 10 and 11. */
const LINE = 21;
const ROW = 20;
const ITEM = 19;
const CHOICE = 17;
const TITLE = 16;
/** A sentence wrapped into menu rows at its words (src/view/wrap.ts): each row within ITEM. */
const WRAPPED = 0;

/** Arguments that stand for the longest word of a kind in the language being checked. */
const PIECE = { words: ['white', 'black', 'queen', 'striker', 'man', 'unknown'] as MessageId[] };
const FOUL = { words: ['foulTouch', 'foulTechnique', 'foulLine', 'foulBackshot', 'foulPlacement', 'foulTechnical', 'foulOther'] as MessageId[] };
const MODE = { words: ['singles', 'doubles', 'three'] as MessageId[] };
const LEVEL = { words: ['low', 'mid', 'high'] as MessageId[] };
const ONOFF = { words: ['on', 'off'] as MessageId[] };
const CAP = { words: ['preset', 'off'] as MessageId[] };
/** The installer's words: a fault's channel, a pocket, a piece's size, a colour reading, the strips. */
const CHANNEL = 'P3.A';
const POCKET = 'P3';
const SIZE = '99.9';
const RGB = '33 33 34'; // the three shares of a reading, each rounded: the longest they can be
const STRIPS = '470 ? ? ?'; // one striker on the table: one strip at most sees it (470 mm, a whole baseline)
/** Why a pocket is the weak one: what was missing, readings named wrong (12 in a pocket at most), its margin. */
const WHY = { words: ['noReadings', 'noColour', 'oneBeam', ['wrongCount', 12], ['marginIs', '.999']] as Said[] };
type Said = MessageId | readonly [MessageId, string | number];
type Sample = string | number | { words: Said[]; or?: string };

const SIDE9 = 'WWWW+WWWW'; // a doubles side
const NAME12 = 'WWWWWWWWWWWW'; // a name as the setup menu keeps it

/** Where each message goes: how many characters it may take, with the longest arguments it gets. Data
 * that can be any length (a server's address, an error's text) is cut to the row: only its label counts. */
const SLOTS: Readonly<Record<MessageId, readonly [number, ...Sample[]]>> = {
  ready: [LINE], newMatch: [ITEM], restored: [LINE], putBackPlayAgain: [LINE], waitShotInPlay: [LINE], notSaved: [LINE], wifiWrongPassword: [LINE], lostShotNotice: [LINE, 999], pieceInNotice: [LINE, 3],
  queenOnBoard: [10], queenPending: [10, 'WWWW'], queenTaken: [10, 'WWWW'], dues: [11, '1-0-1'],
  matchWon: [LINE, SIDE9], matchDrawn: [LINE], finalScore: [TITLE, '38-24-24'], promptNameOne: [LINE], promptNameMany: [LINE, 9], promptColour: [LINE, 'WWWWWW'], promptPlace: [LINE, 'WWWWWW'],
  shotBy: [LINE, 'WWWWWWWWWW'], pocketed: [LINE, PIECE, 3], pocketedLate: [LINE, PIECE, 3], shotTakenBack: [LINE], named: [LINE, PIECE],
  foulCalled: [LINE, FOUL], offCalled: [LINE, PIECE], matchTo: [LINE, SIDE9], boardTo: [LINE, SIDE9, 14], gameOver: [LINE], gameTo: [LINE, 3, SIDE9], gamesAre: [TITLE, '2-1'], // the bottom line at a game's end, the title at the match's
  nameThePiece: [LINE], chooseAColour: [LINE], strikerDue: [LINE], queenCovered: [LINE], queenCoverIt: [LINE], queenBack: [LINE], shootAgain: [LINE], turnPasses: [LINE],
  white: [ITEM], black: [ITEM], queen: [ITEM], striker: [ITEM], man: [ITEM], unknown: [ITEM],
  foulTouch: [ITEM], foulTechnique: [ITEM], foulLine: [ITEM], foulBackshot: [ITEM], foulPlacement: [ITEM], foulTechnical: [ITEM], foulOther: [ITEM],
  noContact: [ITEM], noCross: [ITEM], colour: [TITLE], placed: [ITEM], offBoard: [TITLE], foul: [TITLE],
  singles: [CHOICE], doubles: [CHOICE], three: [CHOICE],
  menu: [TITLE], back: [ITEM], namePiece: [TITLE], chooseColour: [ITEM], menPlaced: [ITEM], lostShot: [TITLE], identify: [TITLE],
  undoShot: [ITEM], undoLastShot: [TITLE], yesUndo: [ITEM], abandonAsk: [TITLE], yesAbandon: [ITEM], settings: [TITLE], sync: [TITLE],
  lostShotTitle: [TITLE, 99, 'NONE'], wentIn: [ITEM, PIECE], noneIn: [7], logTheShot: [ITEM], putBackReplay: [ITEM], pieceInAsk: [TITLE, 3], yesWentIn: [ITEM], noCameOut: [ITEM], startAgain: [ITEM],
  assignMatch: [WRAPPED, 'R99 T99', SIDE9, SIDE9], assignStart: [ROW], assignRefuse: [ROW], assignRefused: [LINE], assignRefusedCount: [ITEM, 99],
  rulesIs: [ITEM, 'RO-GAMERULES'], rules: [TITLE], modeIs: [ITEM, MODE], mode: [TITLE], players: [TITLE], breaksIs: [ITEM, NAME12], firstBreaker: [TITLE],
  queenCapIs: [ITEM, CAP], queenCap: [TITLE], preset: [CHOICE], off: [CHOICE], on: [CHOICE], start: [ITEM],
  nameOf: [TITLE, 'WWWWWWWWWW'], addLetter: [ITEM], letter: [TITLE], space: [ITEM], deleteLast: [ITEM], clear: [ITEM],
  settleIs: [ITEM, 6], settleTime: [TITLE], seconds: [CHOICE, 6], brightIs: [ITEM, LEVEL], brightness: [TITLE], low: [CHOICE], mid: [CHOICE], high: [CHOICE],
  wifiIs: [ITEM, ONOFF], languageIs: [ITEM, 'EN'], language: [TITLE], install: [TITLE], calibrate: [ITEM], selfTest: [TITLE], // a menu row and the self-test's title
  notSetUp: [ITEM], queued: [ITEM, 99], queuedSending: [ITEM, 99], refused: [ITEM, 99], damaged: [ITEM, 99], errorIs: [8, ''], lastError: [TITLE], nextTryIn: [ITEM, 999],
  tableIs: [10, ''], serverIs: [10, ''], retryNow: [ITEM], setupPage: [TITLE], noSetupPage: [WRAPPED], forgetSetup: [ITEM], forgetSetupAsk: [TITLE], yesForget: [ITEM],
  wifiNetwork: [8, ''], setupCode: [8, ''], closeSetup: [ITEM],
  // The installer's text screens (src/app/install/install.ts, selftest.ts).
  calibrateStep: [TITLE, 16, 16], calibrated: [TITLE], dropIn: [ROW, 3], dropTimes: [ROW, PIECE, 3], seenOf: [ROW, 3, 3], sawNone: [ROW],
  saw: [ROW, POCKET, SIZE, RGB], selectSkip: [ROW], holdStop: [ROW],
  separable: [ROW], notSeparable: [ROW], weakIs: [ROW, POCKET, WHY], wrongCount: [ROW, 12], marginIs: [ROW, '.999'], sizesIs: [ROW, SIZE, SIZE],
  ok: [ROW], noReadings: [ROW], noColour: [ROW], oneBeam: [ROW],
  notKeptNoColour: [ROW], keptInFlash: [ROW], notKeptFlash: [ROW], selectKeep: [ROW], holdLeave: [ROW],
  healthOk: [ROW], healthFault: [ROW, 1], healthFaults: [ROW, 999], neverClears: [ROW, CHANNEL], neverBlocks: [ROW, CHANNEL], flickers: [ROW, CHANNEL], colourSilent: [ROW, CHANNEL],
  stripSilent: [ROW, CHANNEL], displayMissing: [ROW], partNotDescribed: [ROW - 1], colourIs: [ROW - 3, RGB], stripsIs: [ROW, STRIPS], keysIs: [ROW, '●', '●', '●'],
};

const longest = (lang: Language, s: Sample): string | number => {
  if (typeof s !== 'object') return s;
  const said = s.words.map((w) => (typeof w === 'string' ? say(lang, w) : say(lang, w[0], w[1])));
  return [...said, ...(s.or === undefined ? [] : [s.or])].reduce((a, b) => ([...b].length > [...a].length ? b : a));
};

const params = (template: string) => (template.match(/\{\d\}/g) ?? []).sort().join(' ');

describe('i18n: the six languages', () => {
  it('has every message id in every language, none empty, with the same parameters as English', () => {
    for (const lang of LANGUAGES) {
      const table = TABLES[lang];
      assert.deepEqual(Object.keys(table).sort(), IDS.slice().sort(), lang);
      for (const id of IDS) {
        assert.ok(table[id].trim().length > 0, `${lang}.${id} is empty`);
        assert.equal(params(table[id]), params(EN[id]), `${lang}.${id}: its parameters`);
      }
      assert.ok(Object.isFrozen(table), `${lang} is frozen`);
    }
  });

  it('has a glyph for every character of every message and of every language name, in capitals', () => {
    const texts = [...LANGUAGES.flatMap((lang) => IDS.map((id) => [`${lang}.${id}`, TABLES[lang][id]])), ...Object.entries(LANGUAGE_NAMES)];
    for (const [where, text] of texts) {
      for (const ch of text.replace(/\{\d\}/g, '')) {
        assert.ok(GLYPHS[ch], `${where}: no glyph for ${JSON.stringify(ch)} in ${text}`);
        assert.equal(ch, ch.toUpperCase(), `${where}: the display shows capitals`);
      }
    }
  });

  it('renders every message in every language, with its longest arguments, within its line', () => {
    const over: string[] = [];
    for (const lang of LANGUAGES) {
      for (const id of IDS) {
        const [slot, ...samples] = SLOTS[id];
        const chars = slot;
        const [a, b, c] = samples.map((s) => longest(lang, s));
        const text = say(lang, id, a, b, c);
        assert.doesNotMatch(text, /\{\d\}/, `${lang}.${id}: a parameter left in`);
        if (chars === WRAPPED) {
          for (const row of wrap(text, ITEM)) if (textWidth(row) > ITEM * 6 - 1) over.push(`${lang}.${id} row "${row}": ${textWidth(row)} px`);
          continue;
        }
        const x = new Frame().text(0, 0, text);
        if (textWidth(text) > chars * 6 - 1 || x - 1 > WIDTH) over.push(`${lang}.${id} "${text}": ${textWidth(text)} px, room for ${chars * 6 - 1}`);
      }
    }
    assert.deepEqual(over, []);
  });

  it('keeps the turn line whole: a player of four letters, the queen on the board and a due', () => {
    for (const lang of LANGUAGES) {
      const line = `↓ASHA○ ${say(lang, 'queenOnBoard')} ${say(lang, 'dues', '0-1')}`;
      assert.ok(textWidth(line) <= WIDTH, `${lang}: "${line}" is ${textWidth(line)} px`);
    }
  });

  it('puts the parameters in, in their order, and leaves other braces alone', () => {
    assert.equal(say('en', 'boardTo', 'ASHA', 12), 'BOARD: ASHA +12');
    assert.equal(say('sv', 'pocketed', 'VIT', 2), 'VIT → H2');
    assert.equal(say('ro', 'lostShotTitle', 3, 'NIMIC'), 'LOV. 3: NIMIC');
    assert.equal(say('en', 'ready'), EN.ready);
    assert.equal(say('en', 'errorIs', '{x} {9}'), 'ERR {x} {9}', 'an argument is not read for parameters');
  });

  it('uses the federations\' own words where a seed names the thing (docs/languages.md)', () => {
    assert.equal(say('pt', 'queen'), 'RAINHA'); // 000: "A rainha, que é vermelha"
    assert.equal(say('sl', 'queen'), 'KRALJICA'); // 001: "rdečo ploščico (kraljico)"
    assert.equal(say('it', 'queen'), 'REGINA'); // 002: "1 pedina rossa (la regina)"
    assert.equal(say('ro', 'queen'), 'REGINA'); // 003: "regina să fie în centru"
    assert.equal(say('sv', 'queen'), 'DROTTNING'); // 004: "en röd pjäs som kallas drottningen"
    assert.match(say('it', 'queenCovered'), /CONFERMATA/); // 002: "dovrà essere confermata"
    assert.match(say('sv', 'queenCovered'), /TÄCKT/); // 004: "täckt drottningen"
    assert.equal(say('ro', 'striker'), 'ATACANT'); // 003: "își va plasa atacantul"
    // The calibration names the pocket by the federation's word, and its sizes the man and the striker by theirs.
    assert.deepEqual(LANGUAGES.map((lang) => say(lang, 'dropIn', 1).split(' ')[0]), ['POCKET', 'BOLSA', 'LUKNJA', 'BUCA', 'BUZUNAR', 'HÅL']);
    assert.deepEqual(LANGUAGES.map((lang) => say(lang, 'sizesIs', 33.3, 42.8).split(' ')[0]), ['MAN', 'PEDRA', 'PLOŠČ', 'PED.', 'PIESĂ', 'PJÄS']);
  });
});
