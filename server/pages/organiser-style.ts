// The organiser's pages' style, after the club pages' and the hall's (style.ts): forms one field a line
// on a phone and a few a line on a wide screen, the server's answer in a box that stands out, and a
// focus ring that shows where the keyboard is.
export const ORGANISER_STYLE = `
[hidden] { display: none !important; } /* a form's display: flex would otherwise show it */
body[data-page="tournaments"] .live { display: none; } /* the list reads no event stream */
.session { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: baseline; }
.session p, .session form { margin: 0 0 .5rem; }
.message { border-left: 4px solid var(--line); padding: .5rem .75rem; margin: .5rem 0 1rem; overflow-wrap: anywhere; }
.message.good { border-color: #2a2; }
.message.bad { border-color: var(--accent); font-weight: bold; }
.links { display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: 0 0 1rem; }
.block { margin-bottom: 2rem; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0; }
.facts dt { opacity: .75; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.form { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: flex-end; margin: 1rem 0; padding: .75rem; border: 1px solid var(--line); border-radius: .5rem; }
.form h2, .form h3 { flex-basis: 100%; margin: 0; font-size: 1.05rem; }
.form label { display: flex; flex-direction: column; gap: .2rem; font-size: .9rem; }
.form label.check { flex-direction: row; align-items: center; }
.form fieldset { border: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: .5rem 1rem; }
.form fieldset legend { font-size: .9rem; margin-bottom: .2rem; }
.form [data-what], #partner { display: flex; flex-wrap: wrap; gap: .5rem 1rem; }
.form textarea { width: min(40rem, 100%); font-family: ui-monospace, monospace; }
.form label:has(textarea) { flex-basis: 100%; }
input, select, textarea, button { font: inherit; }
button { padding: .3rem .8rem; }
/* The focus ring is blue, not the accent's red: red says "wrong" (a refusal, a refused match), and the field
   focused after an entry, empty and required, is not wrong. */
:root { --focus: #1a5fb4; }
@media (prefers-color-scheme: dark) { :root { --focus: #78aeed; } }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.round-pick a { margin-right: .5rem; }
.round-pick a[aria-current] { font-weight: bold; }
tr.refused-match td { color: var(--accent); }
.log-list { padding-left: 2.5rem; }
.log-list li { margin-bottom: .3rem; overflow-wrap: anywhere; }
@media (max-width: 40rem) {
  .form { flex-direction: column; align-items: stretch; }
  .form input, .form select, .form textarea { width: 100%; }
  .form input[type="checkbox"] { width: auto; }
  .facts { grid-template-columns: 1fr; }
  .facts dd { margin-bottom: .3rem; }
}
`;
