// The next match a tournament's server gave this table (docs/tournament.md §5.2), on the display until
// the players start it (one press: the names, preset, mode and breaker come from the draw) or refuse it
// (a long press: wrong table). Shown in the table's language, on the text screen the self-test uses;
// the app (app.ts) hands SELECT to answerOffer while the start screen offers a match.

import { say, type Language } from '../i18n/index.ts';
import type { MatchHeader } from '../rules/types.ts';
import type { Assignment } from '../sync/assignment.ts';
import { sideNames, type Corner, type TextScreen } from '../view/screen.ts';
import { TEXT_ROWS } from '../view/text.ts';
import { wrap } from '../view/wrap.ts';
import type { SyncPort } from './ports.ts';
import type { Sayer } from './sayer.ts';

/** A text screen's row (the last column keeps its scroll arrows) and its title. */
const ROW = 20;
const TITLE = 16;

/** The match to start: the display draws capitals only, so the names are the draw's in capitals. */
export function offerHeader(a: Assignment): MatchHeader {
  return { carrom: 1, rules: a.rules, mode: a.mode, players: a.players.map((p) => p.toUpperCase()), breaker: a.breaker, options: { ...a.options } };
}

/** `R2 T3: ASHA V BEN`, the preset, who breaks, and what the button does, under the tournament's name.
 * The screen does not scroll (its buttons start and refuse): when the match takes two rows, the preset's
 * name takes the title's place, so that all of it is on the screen. */
export function offerScreen(a: Assignment, corner: Corner, lang: Language): TextScreen {
  const h = offerHeader(a);
  const [sideA, sideB] = sideNames(h);
  const match = wrap(say(lang, 'assignMatch', a.label.toUpperCase(), sideA, sideB), ROW);
  const after = [say(lang, 'breaksIs', h.players[h.breaker]), say(lang, 'assignStart'), say(lang, 'assignRefuse')];
  const rules = h.rules.toUpperCase();
  if (match.length + 1 + after.length > TEXT_ROWS) return { kind: 'text', title: rules, lines: [...match, ...after], top: 0, corner };
  return { kind: 'text', title: a.name.toUpperCase().slice(0, TITLE), lines: [...match, say(lang, 'rulesIs', rules), ...after], top: 0, corner };
}

/** SELECT on the offered match: a press starts it with the draw's names, preset, mode and breaker (and
 * the server's records will carry its ids), a long press refuses it (wrong table) and the server is told. */
export function answerOffer(a: Assignment, long: boolean, app: { newMatch(h: MatchHeader): string | null }, sync: SyncPort | undefined, said: Sayer): void {
  if (long) {
    sync?.refuseOffer?.();
    said.say('assignRefused');
    return;
  }
  const error = app.newMatch(offerHeader(a));
  if (error) said.refused(error);
  else sync?.acceptOffer?.();
}
