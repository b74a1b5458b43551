// The table with its network: the sync core (src/sync/sync.ts) as the app's SyncPort, over the
// device's ports (network.ts). Wi-Fi starts after the app, so play never waits for it.
import type { TableApp } from '../../../src/app/app.ts';
import { Sync } from '../../../src/sync/sync.ts';
import { TableNetwork } from './network.ts';
import type { NetStore } from './settings.ts';

export const FIRMWARE = 'carrom-table 0.1.0';

export function withNetwork(log: (text: string) => void, startApp: (sync: Sync) => TableApp, store?: NetStore): { app: TableApp; network: TableNetwork; sync: Sync } {
  let app: TableApp | null = null;
  let sync: Sync | null = null;
  const network = new TableNetwork({
    onWifi: (state, trouble) => app?.setWifi(state, trouble),
    onSaved: () => sync?.reload(),
    log,
    random: () => Math.random(),
    firmware: FIRMWARE,
    store,
  });
  sync = new Sync(network.ports());
  app = startApp(sync);
  network.join();
  return { app, network, sync };
}
