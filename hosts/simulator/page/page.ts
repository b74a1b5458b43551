// The simulator page: draws the virtual table and the device's display from the server's event
// stream, and turns clicks, taps and keys into API calls (the same API a script uses). What it shows
// comes from the simulator's snapshots, the striker on its baseline too: a reload or a second tab shows
// the same table. esbuild bundles this file and its imports into the page.js the simulator serves
// (tools/build.ts, page-bundle.ts).
//   table.ts     the pockets, the baselines, Strike and Settle
//   buttons.ts   the device's three buttons
//   faults.ts    the faults a tester sets
//   render.ts    a snapshot drawn (sentences.ts: the state in players' words; i18n.ts, words.ts: the six languages)
import type { Snapshot } from '../snapshot.ts';
// The controls, in the order they were written into the page: each file adds its listeners.
import './table.ts';
import './buttons.ts';
import './faults.ts';
import { $ } from './dom.ts';
import { words } from './i18n.ts';
import { render } from './render.ts';

// The event stream. When the simulator stops, the page says it is reconnecting and greys the stale
// table; EventSource tries again by itself, and the first snapshot after it is back redraws all.
const stream = new EventSource('/api/events');
const live = (on: boolean) => {
  document.body.classList.toggle('offline', !on);
  $('live').textContent = on ? '' : words('reconnecting');
};
stream.onopen = () => live(true);
stream.onerror = () => live(false);
stream.onmessage = (m: MessageEvent<string>) => {
  live(true);
  // The server sends each snapshot as snapshotOf (server.ts) builds it.
  render(JSON.parse(m.data) as Snapshot);
};
