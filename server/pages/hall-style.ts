// The tournament pages' style, after the club pages' (style.ts): the hall's cards in large type, to be
// read across a room (and still on a phone), and the printable pages on A4 in the browser's print view.
export const TOURNAMENT_STYLE = `
.round { font-size: 1.6rem; margin: 0 0 .75rem; }
.note { font-size: 1.2rem; }
.hall-tables { grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr)); }
.hall-tables .card .side { font-size: 1.8rem; gap: 1rem; }
.hall-tables .card .side .name { overflow-wrap: anywhere; }
.hall-tables .card h2 { font-size: 1.2rem; }
.hall-tables .card.done { opacity: .65; }
.hall-tables .card.playing { border-color: var(--accent); border-width: 2px; }
.hall-tables .card .boards-line { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: .25rem 0; padding: 0; font-size: 1.1rem; }
.byes, .to-finish { font-size: 1.2rem; }
.to-finish h3 { margin: 1rem 0 .25rem; }
@media (min-width: 1600px) { .hall-tables .card .side { font-size: 2.6rem; } .round { font-size: 2.4rem; } }
@media (max-width: 40rem) { .hall-tables { grid-template-columns: 1fr; } .hall-tables .card .side { font-size: 1.4rem; } }
body[data-page^="print-"] .live { display: none; }
.sheet { border: 1px solid var(--line); padding: 1rem; margin-bottom: 1.5rem; }
.sheet-match { font-size: 1.4rem; font-weight: bold; }
.sheet-line { margin-top: 1.2rem; }
.sheet td { height: 2.2rem; }
.sheet.dense td { height: 1.2rem; padding-top: .1rem; padding-bottom: .1rem; } /* every board of three games on one A4 */
@page { size: A4; margin: 15mm; }
@media print {
  :root { color-scheme: light; }
  body { font-size: 11pt; color: #000; background: #fff; }
  header nav, .language, .live, .no-print { display: none; }
  header { border: none; padding: 0 0 4mm; }
  main { padding: 0; }
  th, td { border-bottom: 1px solid #000; }
  .sheet { border: none; margin: 0; padding: 0; break-after: page; }
  .sheet:last-child { break-after: auto; }
}
`;
