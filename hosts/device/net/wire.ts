// The table with its network: the sync core (src/sync/sync.ts) as the app's SyncPort, over the
// device's ports (network.ts). Wi-Fi starts after the app, so play never waits for it.
import type { TableApp } from '../../../src/app/app.ts';
import { Sync } from '../../../src/sync/sync.ts';
import { TableNetwork } from './network.ts';
import type { NetStore } from './settings.ts';
import type { StoragePort } from '../../../src/store/journal.ts';

export const FIRMWARE = 'carrom-table 0.1.0';

/** `store` and `outbox`: where the settings and the outbox are kept (TableNetwork's defaults unless given). */
export function withNetwork(
  log: (text: string) => void,
  startApp: (sync: Sync) => TableApp,
  store?: NetStore,
  outbox?: StoragePort,
): { app: TableApp; network: TableNetwork; sync: Sync } {
  let app: TableApp | null = null;
  let sync: Sync | null = null;
  const network = new TableNetwork({
    onWifi: (state, trouble) => app?.setWifi(state, trouble),
    onSaved: () => sync?.reload(),
    log,
    random: () => Math.random(),
    firmware: FIRMWARE,
    store,
    outbox,
  });
  sync = new Sync(network.ports());
  app = startApp(sync);
  network.join();
  return { app, network, sync };
}
