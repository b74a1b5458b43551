// The explanations' display lines (src/app/say/explain.ts) in every language: the same messages and
// placeholders as English, a glyph for each character, and each line within the bottom line once filled
// with the longest words it can get.
import assert from 'node:assert/strict';
import { EXPLAIN, explainWarning, fill } from '../../src/app/say/explain.ts';
import { EXPLAIN_LINES } from '../../src/i18n/explain.ts';
import { EXPLAIN_PAGES, EXPLAIN_PAGE_WORDS } from '../../src/i18n/explain-page.ts';
import { LANGUAGES, say, type Language, type MessageId } from '../../src/i18n/index.ts';
import { GLYPHS } from '../../src/view/font.ts';
import { textWidth } from '../../src/view/frame.ts';
import { header } from '../../tools/script.ts';

const FOULS: MessageId[] = ['foulTouch', 'foulTechnique', 'foulLine', 'foulBackshot', 'foulPlacement', 'foulTechnical', 'foulOther'];
const longest = (lang: Language, ids: MessageId[]) => ids.map((id) => say(lang, id)).reduce((a, b) => ([...b].length > [...a].length ? b : a));
const line = (lang: Language, key: string) => (lang === 'en' ? EXPLAIN[key].display : EXPLAIN_LINES[lang][key]);
const holes = (t: string) => (t.match(/\{\w+\}/g) ?? []).sort().join(' ');

describe('i18n: the explanations on the display', () => {
  it('has every message in every language, with the same placeholders', () => {
    for (const lang of LANGUAGES) {
      if (lang === 'en') continue;
      assert.deepEqual(Object.keys(EXPLAIN_LINES[lang]).sort(), Object.keys(EXPLAIN).sort(), lang);
      for (const key of Object.keys(EXPLAIN)) assert.equal(holes(line(lang, key)), holes(EXPLAIN[key].display), `${lang}.${key}`);
    }
  });

  it('fits every line, filled with the longest words, in 21 characters, with a glyph for each', () => {
    const over: string[] = [];
    for (const lang of LANGUAGES) {
      const values = { n: 9, colour: longest(lang, ['white', 'black']), who: 'WWWWWWWW', side: 'WWWW+WWWW', kind: longest(lang, FOULS) };
      for (const key of Object.keys(EXPLAIN)) {
        const text = fill(line(lang, key), values);
        for (const ch of text) assert.ok(GLYPHS[ch], `${lang}.${key}: no glyph for ${ch}`);
        if (textWidth(text) > 21 * 6 - 1) over.push(`${lang}.${key}: ${text}`);
      }
    }
    assert.deepEqual(over, []);
  });

  it('says an engine warning in the table\'s language, and the page\'s sentence stays whole', () => {
    const h = header('icf');
    const [said] = explainWarning('backshot is not a foul under icf', h, 'sv');
    assert.equal(said.display, 'INTE FEL: BAKÅTSKOTT');
    assert.equal(said.page, '"BAKÅTSKOTT" är inget fel enligt dessa regler (icf): anropet ändrar ingenting.');
    assert.equal(explainWarning('backshot is not a foul under icf', h)[0].display, 'NOT A FOUL: BACK SHOT', 'English by default');
    assert.equal(explainWarning('no colour was chosen: white, the first man pocketed', h, 'pt')[0].display, 'BRANCA ATRIBUÍDA');
  });

  it('has the page\'s sentences in every language, with no placeholder English lacks', () => {
    for (const lang of LANGUAGES) {
      if (lang === 'en') continue;
      const spoken = Object.keys(EXPLAIN).filter((k) => EXPLAIN[k].page !== '' && EXPLAIN[k].page !== '{text}');
      assert.deepEqual(Object.keys(EXPLAIN_PAGES[lang]).sort(), spoken.sort(), lang);
      for (const key of spoken) {
        const english = holes(EXPLAIN[key].page).split(' ');
        for (const hole of holes(EXPLAIN_PAGES[lang][key]).split(' ').filter((x) => x)) assert.ok(english.includes(hole), `${lang}.${key}: ${hole}`);
      }
      assert.deepEqual(Object.keys(EXPLAIN_PAGE_WORDS[lang]).sort(), ['and', 'black', 'blacks', 'centreCircle', 'man', 'men', 'outerNotCentre', 'white', 'whites'], lang);
    }
  });

  it('says the page\'s sentences in the table\'s language, the colours agreeing with the count', () => {
    const h = header('icf');
    assert.equal(explainWarning('no colour was chosen: white, the first man pocketed', h, 'pt')[0].page, 'Nenhuma cor foi escolhida: a primeira pedra metida era branca, e essa cor foi atribuída.');
    assert.equal(
      explainWarning('3 whites pocketed but 2 on the board: the shot is judged on what was there', h, 'it')[0].page,
      "Sono entrate più pedine bianche di quante ce ne fossero sul tavolo (2): il tiro è giudicato su ciò che c'era.",
    );
    assert.equal(explainWarning('touch is not a foul under icf', h, 'ro')[0].page, '„ATINGERE” nu este fault după aceste reguli (icf): anunțul nu schimbă nimic.');
    assert.match(explainWarning('touch is not a foul under icf', h)[0].page, /^"touch" is not a foul under these rules \(icf\)/, 'English by default');
  });
});
