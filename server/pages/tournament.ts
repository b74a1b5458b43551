// The tournament's public pages (docs/tournament.md §8): the hall's big screen and the printable pages.
// Shells only, as the club pages: club.js reads the tournament's JSON (§3) and the event stream, and puts
// every name in with textContent.
import { shell } from './html.ts';

export const HALL_PAGE = shell('hall', 'hallTitle', `<section class="hall">
<h2 id="round" class="round"></h2>
<p id="note" class="note" hidden></p>
<section id="hall-tables" class="tables hall-tables" aria-live="polite"></section>
<p id="byes" class="byes" hidden></p>
<section id="to-finish" class="to-finish" hidden><h3 data-t="toFinish">Still to finish</h3><ul></ul></section>
</section>`);

const printable = (page: string, title: string) => shell(page, title, `<section class="printable">
<p class="no-print"><button type="button" id="print" data-t="print">Print</button></p>
<h2 id="round" class="round"></h2>
<p id="note" class="note" hidden></p>
<div id="sheet"></div>
</section>`);

/** The printable pages by the last part of their path. */
export const PRINT_PAGES: Readonly<Record<string, string>> = Object.freeze({
  pairings: printable('print-pairings', 'pairingsTitle'),
  standings: printable('print-standings', 'standingsTitle'),
  scoresheets: printable('print-scoresheets', 'sheetsTitle'),
});
