// The device's three buttons, by mouse, touch or keys (↑ ↓, Enter or Space for select; on a focused
// button Enter or Space presses it). A press is held from its start to its end on the same button:
// held 700 ms it is a long press (back, in the menus). One that starts elsewhere, moves off or is
// cancelled is no press at all, so a drag onto a button never counts its whole length as a hold.
import type { Requests } from '../snapshot.ts';
import { post } from './api.ts';
import { $ } from './dom.ts';

type Button = Requests['button']['button'];

const LONG_MS = 700;
const KEYS: Partial<Record<string, Button>> = { ArrowUp: 'up', ArrowDown: 'down', Enter: 'select', ' ': 'select' };
/** The presses held now, by what holds them: "pointer 1" or "key Enter". */
const held = new Map<string, { button: Button; target: EventTarget | null; at: number }>();

const isButton = (name: string | undefined): name is Button => name === 'up' || name === 'down' || name === 'select';
const deviceButton = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLButtonElement>('#buttons button') : null);

function pressStart(source: string, button: string | undefined, target: EventTarget | null): void {
  if (held.has(source) || !isButton(button)) return;
  held.set(source, { button, target, at: performance.now() });
  $(`btn-${button}`).classList.add('pressed');
}
function pressEnd(source: string, target: EventTarget | null): void {
  const p = held.get(source);
  if (!p) return;
  held.delete(source);
  $(`btn-${p.button}`).classList.remove('pressed');
  if (p.target === target) void post('button', { button: p.button, long: performance.now() - p.at >= LONG_MS });
}
const pressCancel = (source: string) => pressEnd(source, null);

document.addEventListener('pointerdown', (e) => {
  const el = deviceButton(e.target);
  if (!el || e.button !== 0) return;
  // A touch captures the pointer to where it started; released, a finger lifted elsewhere is elsewhere.
  if (el.hasPointerCapture(e.pointerId)) el.releasePointerCapture(e.pointerId);
  pressStart(`pointer ${e.pointerId}`, el.dataset.button, el);
});
document.addEventListener('pointerup', (e) => pressEnd(`pointer ${e.pointerId}`, deviceButton(e.target)));
document.addEventListener('pointercancel', (e) => pressCancel(`pointer ${e.pointerId}`));
for (const el of document.querySelectorAll<HTMLButtonElement>('#buttons button')) {
  el.addEventListener('pointerleave', (e) => pressCancel(`pointer ${e.pointerId}`));
  el.addEventListener('contextmenu', (e) => e.preventDefault()); // a long touch is a long press, not a menu
}
document.addEventListener('keydown', (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const el = deviceButton(e.target);
  // Keys elsewhere (a radio button, a select, Strike) stay theirs.
  const button = el ? (e.key === 'Enter' || e.key === ' ' ? el.dataset.button : KEYS[e.key]) : e.target === document.body ? KEYS[e.key] : undefined;
  if (!button) return;
  e.preventDefault(); // no scrolling, no click
  if (!e.repeat) pressStart(`key ${e.key}`, button, e.target);
});
document.addEventListener('keyup', (e) => {
  if (!held.has(`key ${e.key}`)) return;
  e.preventDefault();
  pressEnd(`key ${e.key}`, e.target);
});
window.addEventListener('blur', () => {
  for (const source of [...held.keys()]) pressCancel(source);
});
