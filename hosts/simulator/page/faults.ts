// The faults a tester sets on the virtual table: a stuck or noisy beam, no colour sensor, Wi-Fi down, a
// power cut. The snapshots show which hold (render.ts).
import type { Requests } from '../snapshot.ts';
import { post } from './api.ts';
import { $ } from './dom.ts';

for (const id of ['stuck', 'noisy'] as const) {
  const sel = $(id, HTMLSelectElement);
  for (const p of [0, 1, 2, 3]) for (const b of ['a', 'b']) sel.add(new Option(`p${p}.${b}`, `p${p}.${b}`));
  sel.addEventListener('change', () => {
    const fault: Requests['fault'] = {};
    fault[id] = sel.value || null;
    void post('fault', fault);
  });
}
const checkbox = (id: string) => $(id, HTMLInputElement);
$('nocolour').addEventListener('change', () => void post('fault', { noColour: checkbox('nocolour').checked }));
$('wifi').addEventListener('change', () => void post('fault', { wifi: checkbox('wifi').checked }));
$('powercut').addEventListener('click', () => void post('fault', { powerCut: true }));
