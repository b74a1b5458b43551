// The next match a tournament's server gave this table (docs/tournament.md §5.2), on the display until
// the players start it (one press: the names, preset, mode and breaker come from the draw) or refuse it
// (a long press: wrong table). Shown in the table's language, on the text screen the self-test uses;
// the app (app.ts) hands SELECT to answerOffer while the start screen offers a match.

import { say, type Language } from '../../i18n/index.ts';
import type { MatchHeader } from '../../rules/types.ts';
import type { Assignment } from '../../sync/assignment.ts';
import { sideNames, type Corner, type TextScreen } from '../../view/screen.ts';
import { TEXT_ROWS } from '../../view/text.ts';
import { wrap } from '../../view/wrap.ts';
import type { SyncPort } from '../match/sync-port.ts';
import type { Sayer } from '../say/sayer.ts';

/** A text screen's row (the last column keeps its scroll arrows) and its title. */
const ROW = 20;
const TITLE = 16;

/** The match to start: the display draws capitals only, so the names are the draw's in capitals. */
export function offerHeader(a: Assignment): MatchHeader {
  return { carrom: 1, rules: a.rules, mode: a.mode, players: a.players.map((p) => p.toUpperCase()), breaker: a.breaker, options: { ...a.options } };
}

/** The rows the match line may take: with the breaker, the start and the refusal, the text screen's
 * five (the preset then takes the title's place, offerScreen). */
const MATCH_ROWS = 2;

const wordsOf = (name: string) => name.split(' ').filter((w) => w !== '');
/** A name's first word and the initials of the others: CHANDRASEKHAR V. */
const initialled = (name: string) => wordsOf(name).map((w, i) => (i === 0 ? w : `${w[0]}.`)).join(' ');
/** How the offer may write a name, longest first: whole words always, so that players find their own
 * (the play screen's eight letters would cut DEE MENSAH to DEE MENS). */
const FORMS: readonly ((name: string) => string)[] = Object.freeze([(name: string) => wordsOf(name).join(' '), initialled]);

/** Holds a name's words together on one row while the match line is wrapped (wrap breaks at spaces). */
const KEEP = '\u00a0';

/** The two sides as the offer writes them with `form`: partners joined, `a`'s side first; each name's
 * words held together when `whole`. */
function sidesIn(h: MatchHeader, form: (name: string) => string, whole: boolean): string[] {
  const p = h.players.map((name) => (whole ? form(name).split(' ').join(KEEP) : form(name)));
  return h.mode === 'doubles' ? [`${p[0]}+${p[2]}`, `${p[1]}+${p[3]}`] : p;
}

/** `R2 T3: ASHA V BEN`, the preset, who breaks, and what the button does, under the tournament's name.
 * The screen does not scroll (its buttons start and refuse): when the match takes two rows, the preset's
 * name takes the title's place, so that all of it is on the screen. */
export function offerScreen(a: Assignment, corner: Corner, lang: Language): TextScreen {
  const h = offerHeader(a);
  const label = a.label.toUpperCase();
  // The longest form whose match line fits its rows, each name on one row if it can be (ELI SEN V /
  // FAY WONG, not ELI SEN V FAY / WONG); else the play screen's short names.
  let match: string[] | null = null;
  let breaker = '';
  for (let i = 0; match === null && i < 2 * FORMS.length; i++) {
    const form = FORMS[i >> 1];
    const [sideA, sideB] = sidesIn(h, form, (i & 1) === 0);
    const rows = wrap(say(lang, 'assignMatch', label, sideA, sideB), ROW);
    if (rows.length > MATCH_ROWS) continue;
    match = rows.map((r) => r.split(KEEP).join(' '));
    breaker = form(h.players[h.breaker]);
  }
  if (match === null) {
    const [sideA, sideB] = sideNames(h).map((s) => s.trim());
    match = wrap(say(lang, 'assignMatch', label, sideA, sideB), ROW);
    breaker = h.players[h.breaker];
  }
  // The breaker's row: the name as the match line writes it, or its first word where that is too long.
  if (say(lang, 'breaksIs', breaker).length > ROW) breaker = wordsOf(breaker)[0] ?? breaker;
  const after = [say(lang, 'breaksIs', breaker), say(lang, 'assignStart'), say(lang, 'assignRefuse')];
  const rules = h.rules.toUpperCase();
  if (match.length + 1 + after.length > TEXT_ROWS) return { kind: 'text', title: rules, lines: [...match, ...after], top: 0, corner };
  return { kind: 'text', title: a.name.toUpperCase().slice(0, TITLE), lines: [...match, say(lang, 'rulesIs', rules), ...after], top: 0, corner };
}

/** SELECT on the offered match: a press starts it with the draw's names, preset, mode and breaker (and
 * the server's records will carry its ids), a long press refuses it (wrong table) and the server is told. */
export function answerOffer(a: Assignment, long: boolean, app: { newMatch(h: MatchHeader): string | null }, sync: SyncPort | undefined, said: Sayer): void {
  if (long) {
    sync?.refuseOffer();
    said.say('assignRefused');
    return;
  }
  const error = app.newMatch(offerHeader(a));
  if (error) said.refused(error);
  else sync?.acceptOffer();
}
