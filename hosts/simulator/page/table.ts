// The virtual table: drop a piece into a pocket, place the striker on a baseline and strike, by a click,
// a tap or the keys. Where the striker rests comes from the simulator (the snapshots, and the answers to
// place and strike), so a reload or a second tab shows the same table.
import { DEFINITE_PIECES, type Piece } from '../../../src/rules/types.ts';
import type { Strips } from '../snapshot.ts';
import { post, say } from './api.ts';
import { $, find } from './dom.ts';
import { words } from './i18n.ts';

/** Enter or Space on a focused element of the table (a baseline, a pocket) acts as a click does. */
const activates = (e: KeyboardEvent) => (e.key === 'Enter' || e.key === ' ') && !e.altKey && !e.ctrlKey && !e.metaKey;

/** Where the striker rests on each baseline: from the snapshots, and from the answers to place and strike
 *  (which come before the next snapshot: a Strike right after a click on a baseline strikes it). */
let strips: Strips = [null, null, null, null];
/** The placements asked for, one after another. */
let placing: Promise<void> = Promise.resolve();

/** The striker where the simulator says it rests (the first baseline with one), or hidden. */
export function showStrips(now: Strips): void {
  strips = now;
  const striker = $('striker', SVGCircleElement);
  const seat = strips.findIndex((mm) => mm !== null);
  striker.setAttribute('visibility', seat < 0 ? 'hidden' : 'visible');
  if (seat < 0) return;
  const r = find($(`base-${seat}`, SVGGElement), '.line', SVGRectElement).getBBox();
  const along = Math.max(0, Math.min(1, ((strips[seat] ?? 0) - 40) / 450));
  striker.setAttribute('cx', String(seat === 0 || seat === 2 ? r.x + along * r.width : r.x + r.width / 2));
  striker.setAttribute('cy', String(seat === 0 || seat === 2 ? r.y + r.height / 2 : r.y + along * r.height));
}

// Pockets: drop the chosen piece (a click, or Enter or Space on a focused pocket).
const isPiece = (value: string): value is Piece => (DEFINITE_PIECES as readonly string[]).includes(value);
function drop(el: SVGElement): void {
  const piece = find(document, 'input[name=piece]:checked', HTMLInputElement).value;
  if (isPiece(piece)) void post('drop', { pocket: Number(el.dataset.pocket), piece });
}
for (const el of document.querySelectorAll<SVGGElement>('.pocket')) {
  el.addEventListener('click', () => drop(el));
  el.addEventListener('keydown', (e) => {
    if (!activates(e)) return;
    e.preventDefault();
    if (!e.repeat) drop(el);
  });
}

/** Where this page last put the striker on each baseline. The strip senses it within a few mm (its
 * jitter), so the arrows step from there while the strip's report is within JITTER_MM of it: ten presses
 * of 10 mm move it 100 mm, not 100 give or take the jitter of each. */
const aimed: (number | null)[] = [null, null, null, null];
const JITTER_MM = 5;
/** Where the striker rests on the seat's baseline to step from (whole mm), or null when it is not there. */
function aimedAt(seat: number): number | null {
  const rests = strips[seat];
  if (rests === null) return null;
  const mine = aimed[seat];
  return mine !== null && Math.abs(mine - rests) <= JITTER_MM ? mine : Math.round(rests);
}

// Baselines: place the striker where the click was, in mm along the 530 mm strip (40–490 mm reachable).
// Each placement waits for the one before it: `mm` may be a function of where the striker rests, read
// once the earlier answer is in, so that arrow presses quicker than the simulator's answers each count.
type Where = number | ((at: number | null) => number);
async function place(after: Promise<void>, seat: number, where: Where): Promise<void> {
  await after;
  const mm = typeof where === 'function' ? where(aimedAt(seat)) : where;
  aimed[seat] = mm;
  const r = await post('place', { seat, mm });
  if (r) showStrips(r.strips);
}
const placeAt = (seat: number, where: Where) => {
  placing = place(placing, seat, where);
};

const STEPS: Partial<Record<string, -1 | 1>> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
for (const el of document.querySelectorAll<SVGGElement>('.base')) {
  const seat = Number(el.dataset.seat);
  el.addEventListener('click', (ev) => {
    // Along the drawn baseline (its hit area on a touch screen is wider across it, as long along it).
    const box = find(el, '.line', SVGRectElement).getBoundingClientRect();
    const along = seat === 0 || seat === 2 ? (ev.clientX - box.left) / box.width : (ev.clientY - box.top) / box.height;
    placeAt(seat, Math.round(40 + along * 450));
  });
  // From the keyboard: Enter or Space puts the striker on this baseline (where it rests, or the middle);
  // the arrows move it along, 10 mm a press (50 with Shift), which is how a player aims.
  el.addEventListener('keydown', (e) => {
    const step = STEPS[e.key];
    if (!activates(e) && step === undefined) return;
    e.preventDefault(); // no scrolling, and the arrows are not the device's buttons here
    const by = step === undefined ? 0 : step * (e.shiftKey ? 50 : 10);
    // From where it rests (above), or the middle when it is not on this baseline.
    placeAt(seat, (at) => Math.max(40, Math.min(490, (at ?? 265) + by)));
  });
}

$('strike').addEventListener('click', async () => {
  await placing;
  const seat = strips.findIndex((mm) => mm !== null);
  if (seat < 0) return say(words('nothingToStrike'));
  const r = await post('strike', { seat });
  if (r) showStrips(r.strips);
});
$('settle').addEventListener('click', () => void post('settle', {}));
