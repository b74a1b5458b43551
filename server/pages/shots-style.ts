// The live shots' style (server/pages/browser/live-shots.ts): a box under a card's score or on the
// table's page, the newest shot first and in bold, the notation in a fixed-width face.
export const SHOTS_STYLE = `
.live-shots { margin-top: .5rem; border-top: 1px solid var(--line); padding-top: .4rem; font-size: .9rem; }
.live-shots .live-head { display: flex; justify-content: space-between; gap: 1rem; margin: 0 0 .25rem; font-weight: bold; }
.live-shots .live-held { margin: 0; border-left: 4px solid var(--accent); padding-left: .5rem; }
.live-shots .shot-list { list-style: none; margin: 0; padding: 0; }
.live-shots .shot { margin: .15rem 0; overflow-wrap: anywhere; }
.live-shots .shot:first-child { font-size: 1.05em; }
.live-shots .shot:not(:first-child) { opacity: .75; }
.live-shots .shot.undone { text-decoration: line-through; }
.live-shots .notation-title { margin: .4rem 0 0; font-size: .8rem; opacity: .7; }
.live-shots .notation { margin: .1rem 0 0; font-size: .85rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.live-now { margin-bottom: 1.5rem; }
.live-now h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
.hall-tables .live-shots { font-size: 1rem; }
@media (min-width: 1600px) { .hall-tables .live-shots { font-size: 1.2rem; } }
`;
