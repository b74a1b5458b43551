// `carrom serve --add-table ID`, `--list-tables`, `--remove-table ID`, `--rebuild`, `--add-club ID`
// (docs/server.md): the operator's commands on the tables, the clubs and the stored records, each
// printing JSON lines on stdout (for programs) and what it did on stderr (for people).
import { clubCode } from '../../server/forward/club.ts';
import { rebuild } from '../../server/store/rebuild.ts';
import { setupCode } from '../../server/common/sign.ts';
import { addTable, listTables, removeTable } from '../../server/store/tables.ts';
import type { Store } from '../../server/store/store.ts';
import { line, say } from './io.ts';

export async function listTablesCommand(store: Store): Promise<number> {
  const tables = await listTables(store);
  for (const t of tables) line(t);
  say(`${tables.length} table${tables.length === 1 ? '' : 's'} registered`);
  return 0;
}

export async function removeTableCommand(store: Store, table: string, withRecords: boolean): Promise<number> {
  const r = await removeTable(store, table, withRecords);
  if (r.outcome === 'unknown') {
    say(`no table "${table}" is registered (--list-tables lists them)`);
    return 1;
  }
  const what = `${r.records} record${r.records === 1 ? '' : 's'} in ${r.matches} match${r.matches === 1 ? '' : 'es'}`;
  if (r.outcome === 'has-records') {
    say(`table "${table}" has sent ${what}: nothing removed. Add --with-records to delete them with it (back the database up first)`);
    return 1;
  }
  line({ removed: table, records: r.records, matches: r.matches });
  say(`removed table "${table}"${r.records ? ` and its ${what}` : ''}; its records are refused from now on (404)`);
  return 0;
}

export async function rebuildCommand(store: Store): Promise<number> {
  const r = await rebuild(store, say);
  line(r);
  say(`rebuilt ${r.matches} match${r.matches === 1 ? '' : 'es'}: ${r.changed} changed, ${r.failed.length} kept as they were (their log is not taken by this version), ${r.disagree.length} now differ from what the table stated`);
  return r.failed.length ? 1 : 0;
}

export async function addTableCommand(store: Store, table: string, given: string | undefined): Promise<number> {
  const secret = await addTable(store, table, given);
  if (secret === null) {
    say(`table "${table}" is registered already (its secret stays as it was)`);
    return 1;
  }
  line({ table, secret });
  process.stderr.write(`Setup code for table ${table} (type or paste it into the table's setup page):\n  ${setupCode(table, secret)}\n`);
  return 0;
}

export async function addClubCommand(store: Store, club: string, key: string): Promise<number> {
  if (!(await store.addClub(club, key, new Date().toISOString()))) {
    say(`club "${club}" is registered already (its key stays as it was)`);
    return 1;
  }
  line({ club, key });
  process.stderr.write(`Club code for club ${club} (give it to the club; its server forwards with --club-key CODE):\n  ${clubCode(club, key)}\n`);
  return 0;
}
