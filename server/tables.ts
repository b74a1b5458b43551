// Registering a table: what `carrom serve --add-table` does, and what the simulator does for its own
// table on the local results server that `npm start` runs.
import { newSecret } from './sign.ts';
import type { Store } from './store.ts';

/** Registers `table` with `secret` (a fresh one unless given): the secret, or null if the table was
 * registered already (it keeps the secret it has). */
export async function addTable(store: Store, table: string, secret = newSecret()): Promise<string | null> {
  return (await store.addTable(table, secret, new Date().toISOString())) ? secret : null;
}

/** The table's secret: the one it has, or a fresh one it is registered with now. */
export async function secretFor(store: Store, table: string): Promise<string> {
  const known = await store.secretOf(table);
  if (known !== null) return known;
  // Registered by someone else between the two reads: theirs stands.
  return (await addTable(store, table)) ?? (await store.secretOf(table))!;
}
