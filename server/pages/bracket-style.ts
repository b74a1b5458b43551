// The bracket page's and the tables page's style (hall-style.ts has the hall's and the printable
// pages'): a knockout's rounds side by side on a wide screen, one under the other on a phone, each match
// a small card; the winner of each in bold.
export const BRACKET_STYLE = `
.bracket { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(13rem, 1fr); gap: 1rem; overflow-x: auto; margin-bottom: 1.5rem; }
.bracket-round { display: flex; flex-direction: column; }
.bracket-round h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
.bracket-round .matches { display: flex; flex-direction: column; justify-content: space-around; gap: .75rem; flex: 1; }
.bracket-match { border: 1px solid var(--line); border-radius: .4rem; padding: .35rem .6rem; }
.bracket-match .slot { display: flex; justify-content: space-between; gap: .5rem; font-size: 1.1rem; }
.bracket-match .slot .name { overflow-wrap: anywhere; }
.bracket-match .slot .score { font-variant-numeric: tabular-nums; }
.bracket-match .slot.won { font-weight: bold; }
.bracket-match .slot.open, .bracket-match .slot.bye { opacity: .65; font-style: italic; }
.bracket-match .what { font-size: .85rem; opacity: .8; margin: .2rem 0 0; }
.report h2 { font-size: 1.1rem; margin: 1.25rem 0 .4rem; }
@media (max-width: 40rem) { .bracket { grid-auto-flow: row; grid-auto-columns: auto; overflow-x: visible; } }
@media print { .bracket { overflow: visible; } .bracket-match { break-inside: avoid; } .bracket-match .slot.won { text-decoration: underline; } }
`;
