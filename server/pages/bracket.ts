// The knockout's bracket page and the organiser's tables page (docs/tournament.md §8): shells only, as
// the hall's (tournament.ts); club.js (browser/bracket.ts) reads …/bracket, …/ranking and …/tables and
// puts every name in with textContent. Both are public: they show what the JSON shows.
import { shell } from './html.ts';

export const BRACKET_PAGE = shell('bracket', 'bracketTitle', `<section class="printable">
<p class="no-print"><button type="button" id="print" data-t="print">Print</button></p>
<p id="note" class="note" hidden></p>
<div id="bracket" class="bracket" aria-live="polite"></div>
<section id="ranking-box" hidden><h2 id="ranking-title" class="round"></h2><div class="wide" id="ranking"></div></section>
</section>`);

const part = (id: string, title: string) => `<section id="${id}" class="report"><h2 data-t="${title}"></h2><div class="wide"></div><p class="empty" hidden></p></section>`;

export const TABLES_PAGE = shell('tables', 'tablesTitle', `<section class="reports">
<p id="note" class="note" hidden></p>
${part('not-reported', 'notReported')}
${part('in-play', 'inPlayTitle')}
${part('refused-here', 'refusedHeading')}
${part('unattached', 'unattached')}
</section>`);
