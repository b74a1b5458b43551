// One style sheet: readable on a phone, large on a hall screen; the tournament pages' part in hall-style.ts
// and bracket-style.ts, the organiser's pages' in organiser-style.ts.
import { BRACKET_STYLE } from './bracket-style.ts';
import { TOURNAMENT_STYLE } from './hall-style.ts';
import { ORGANISER_STYLE } from './organiser-style.ts';
import { OVERLAY_STYLE } from './overlay-style.ts';
import { SHOTS_STYLE } from './shots-style.ts';

export const PAGE_STYLE = `
:root { color-scheme: light dark; --line: #8884; --accent: #c0392b; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.4 system-ui, sans-serif; }
header { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: baseline; padding: .75rem 1rem; border-bottom: 1px solid var(--line); }
header h1 { font-size: 1.3rem; margin: 0; }
nav a { margin-right: .75rem; }
.language { font: inherit; font-size: .85rem; margin-left: auto; }
.live { font-size: .85rem; opacity: .7; }
.live.on::before { content: "● "; color: #2a2; }
main { padding: 1rem; }
.trouble { margin: 0; padding: .5rem 1rem; border-bottom: 1px solid var(--line); border-left: 4px solid var(--accent); }
.tables { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr)); }
.card { border: 1px solid var(--line); border-radius: .5rem; padding: .75rem 1rem; }
.card h2 { font-size: 1rem; margin: 0 0 .5rem; display: flex; justify-content: space-between; }
.card .side { display: flex; justify-content: space-between; font-size: 1.4rem; }
.card .side .score { font-variant-numeric: tabular-nums; font-weight: bold; }
.card .what { font-size: .9rem; opacity: .8; margin-top: .4rem; }
.card.fresh { outline: 3px solid var(--accent); }
.refused { margin-top: 1.5rem; border-left: 4px solid var(--accent); padding-left: 1rem; }
.refused h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
.refused code { white-space: pre-wrap; word-break: break-word; }
.wide { overflow-x: auto; margin-bottom: 1.5rem; }
.scroll-hint { font-size: .85rem; opacity: .75; margin: 0 0 .3rem; text-align: right; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
/* A phone: the wide tables fit its width. The leaderboard in smaller type; a match's boards, nine columns,
   as one card per board, each value under its column's name (data-label), so that nothing hides to the
   right; whatever still overflows scrolls, and says so above it (.scroll-hint). */
@media (max-width: 40rem) {
  main { padding: .5rem; }
  table { font-size: .85rem; }
  #standings { font-size: .75rem; }
  th, td { padding: .25rem .2rem; }
  td { overflow-wrap: anywhere; }
  table.boards tr:first-child { display: none; }
  table.boards tr { display: grid; grid-template-columns: repeat(3, 1fr); border-bottom: 1px solid var(--line); padding: .3rem 0; }
  table.boards td { border: none; }
  table.boards td::before { content: attr(data-label); display: block; font-size: .75em; opacity: .7; }
}
@media (min-width: 1600px) { body { font-size: 22px; } .card .side { font-size: 2rem; } }
${TOURNAMENT_STYLE}${BRACKET_STYLE}${ORGANISER_STYLE}${OVERLAY_STYLE}${SHOTS_STYLE}`;
