// The overlay's part of club.css (server/pages/overlay.ts): a transparent page, so that OBS composites it
// over the video, with one small dark panel in the corner the query asks for, legible over any picture.
export const OVERLAY_STYLE = `
html.overlay, html.overlay body { background: transparent; color-scheme: normal; }
html.overlay body { margin: 0; }
.ov { position: fixed; min-width: 16rem; max-width: 28rem; margin: 1rem; padding: .6rem .8rem; border-radius: .5rem;
  background: rgba(10, 10, 10, .78); color: #fff; font: 600 20px/1.3 system-ui, sans-serif; }
body[data-corner=tl] .ov { top: 0; left: 0; }
body[data-corner=tr] .ov { top: 0; right: 0; }
body[data-corner=bl] .ov { bottom: 0; left: 0; }
body[data-corner=br] .ov { bottom: 0; right: 0; }
.ov p { margin: .2rem 0; }
.ov-head { font-size: .8em; opacity: .8; }
.ov-score { border-collapse: collapse; width: 100%; }
.ov-score td { padding: .1rem .3rem; }
.ov-score tr.turn .ov-name { color: #ffd54a; }
.ov-turn { font-size: .65em; opacity: .85; }
.ov-points { text-align: right; font-size: 1.3em; }
.ov-chip { width: .9em; }
.ov-chip.white::before, .ov-chip.black::before { content: ""; display: inline-block; width: .8em; height: .8em; border-radius: 50%; border: 1px solid #999; }
.ov-chip.white::before { background: #f4ecd8; }
.ov-chip.black::before { background: #111; }
.ov-queen, .ov-pieces { font-size: .75em; }
.ov-count { margin-left: .6em; }
.ov-count.queen { color: #ff7a7a; }
.ov-shots { margin: .3rem 0 0; padding-left: 0; list-style: none; font: 500 .7em/1.35 ui-monospace, monospace; }
.ov-note { font-size: .75em; opacity: .85; }
`;
