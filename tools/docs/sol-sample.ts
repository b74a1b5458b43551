// A small tournament day played on a results server in this process (a fresh SQLite file, loopback
// HTTP, the organiser's JSON interface, one match reported by its table), printed as the server's `.sol`
// export: what a maintainer loads with SoL's own loader to check the export (docs/tournament.md §9.1).
//
//   npx tsx tools/docs/sol-sample.ts [--system swiss|knockout|all-play-all] [--doubles] > sample.sol
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startResultsServer } from '../../server/index.ts';
import { addOrganiser } from '../../server/tournament-http/organisers.ts';
import { api, logIn } from '../../test/helpers/tournament/organiser.ts';
import type { RandomOptions } from '../random-match.ts';
import { matchRecords, playedBy, postRecord } from '../results.ts';
import { scratchDir } from '../scratch.ts';

export interface SampleOptions {
  system: 'swiss' | 'knockout' | 'all-play-all';
  doubles: boolean;
}

const TABLES: Record<string, string> = { 'hall-1': '5e'.repeat(32), 'hall-2': '77'.repeat(32) };
const PASSWORD = 'a long enough password';

// Five entrants, so that a Swiss or all-play-all round has a bye; clubs and nationalities as an entry
// list has them, one name of a single word and one with a particle ("de Souza").
const SINGLES = [
  { firstName: 'Asha', lastName: 'Rao', club: 'Pune CC', nationality: 'IND' },
  { firstName: 'Ben', lastName: 'Okafor', club: 'Lagos Carrom', nationality: 'NGA' },
  { firstName: 'Cleo', lastName: 'Martin', club: 'Pune CC', nationality: 'FRA' },
  { name: 'Dev' },
  { firstName: 'Eva', lastName: 'de Souza', nationality: 'BRA' },
];
const LATE = { firstName: 'Farid', lastName: 'Haddad', club: 'Lagos Carrom' };
const DOUBLES = [
  [{ name: 'Asha Rao' }, { name: 'Ben Okafor' }],
  [{ name: 'Cleo Martin' }, { name: 'Dev Shah' }],
  [{ name: 'Eva de Souza' }, { name: 'Farid Haddad' }],
  [{ name: 'Gita Iyer' }, { name: 'Hugo Lenz' }],
];

interface M { id: number; a: string; b: string | null; table: string | null }

/** Plays the sample day and answers the server's `.sol` export of it. */
export async function solSample(o: SampleOptions): Promise<string> {
  const dir = scratchDir('sol-sample');
  const now = new Date('2026-12-01T09:00:00.000Z');
  const server = await startResultsServer({ port: 0, host: '127.0.0.1', db: join(dir, 'results.db'), mdns: false, now: () => now, log: () => {} });
  try {
    for (const [id, secret] of Object.entries(TABLES)) await server.store.addTable(id, secret, '2026-12-01T08:00:00.000Z');
    await addOrganiser(server.store.sql, 'asha', PASSWORD, '2026-12-01T08:00:00.000Z');
    const who = await logIn(server.url, 'asha', PASSWORD);
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await api(server.url, who, method, path, body);
      if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`);
      return r.json;
    };
    // The Italian tournament rules play one game to 25, as SoL scores a match; they have no doubles.
    const rules = o.doubles ? 'pt-fpc' : 'it-torneo';
    const t = await call('POST', '/api/v1/tournaments', {
      name: 'Club open', date: '2026-12-01', rules, system: o.system, mode: o.doubles ? 'doubles' : 'singles',
      rounds: 3, tables: Object.keys(TABLES), club: 'Carrom Club Pune', championship: 'Club season 2026',
    });
    const base = `/api/v1/tournaments/${t.tournament.id}`;
    const entries = o.doubles ? DOUBLES.map((players) => ({ players })) : SINGLES;
    const ids: string[] = [];
    for (const e of entries) ids.push((await call('POST', `${base}/entrants`, e)).entrant.id);
    const rounds = o.system === 'swiss' ? 3 : o.system === 'knockout' ? Math.ceil(Math.log2(entries.length)) : entries.length - (entries.length % 2 === 0 ? 1 : 0);
    for (let round = 1; round <= rounds; round++) {
      if (o.system === 'swiss' && round === 2 && !o.doubles) {
        await call('PATCH', `${base}/entrants/${ids[2]}`, { withdrawn: true });
        await call('POST', `${base}/entrants`, LATE);
      }
      const matches = (await call('POST', `${base}/rounds`)).round.matches as M[];
      await call('POST', `${base}/rounds/${round}/publish`);
      for (const [i, m] of matches.entries()) {
        if (m.b === null) continue;
        if (round === 1 && i === 0 && m.table) await playOnTable(server.url, m, t.tournament.id, round, { rules, mode: o.doubles ? 'doubles' : 'singles' });
        else if (round === 1 && i === 1 && o.system === 'swiss') await call('POST', `${base}/matches/${m.id}/walkover`, { winner: 'b', reason: 'did not come' });
        else await call('POST', `${base}/matches/${m.id}/result`, { a: 25 - 3 * i, b: 7 + i + round, reason: 'score sheet' });
      }
    }
    const sol = await fetch(`${server.url}${base}/export.sol`);
    if (sol.status !== 200) throw new Error(`export.sol: ${sol.status}`);
    return await sol.text();
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The match played by its table: the records of a whole match, signed with the table's secret. */
async function playOnTable(url: string, m: M, tournament: number, round: number, game: RandomOptions): Promise<void> {
  const table = m.table!;
  // The table starts the match with the draw's players (docs/tournament.md §5.1), as its assignment names them.
  const entrants = ((await (await fetch(`${url}/api/v1/tournaments/${tournament}/entrants`)).json()) as { entrants: { id: string; name: string; players: { name: string }[] }[] }).entrants;
  const [a, b] = [m.a, m.b].map((id) => entrants.find((e) => e.id === id)!);
  const players = game.mode === 'doubles' ? [a.players[0].name, b.players[0].name, a.players[1].name, b.players[1].name] : [a.name, b.name];
  for (const r of playedBy(table, matchRecords(table, 1, 1000 + round, game), players, { tournament, round, match: m.id })) {
    const posted = await postRecord(url, table, TABLES[table], r.body);
    if (posted.status !== 201) throw new Error(`record ${r.counter} of ${table}: ${posted.status} ${JSON.stringify(posted.json)}`);
  }
}

function optionsOf(argv: readonly string[]): SampleOptions {
  const o: SampleOptions = { system: 'swiss', doubles: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--doubles') o.doubles = true;
    else if (argv[i] === '--system' && ['swiss', 'knockout', 'all-play-all'].includes(argv[i + 1])) o.system = argv[++i] as SampleOptions['system'];
    else throw new Error(`sol-sample: unknown argument ${argv[i]} (--system swiss|knockout|all-play-all, --doubles)`);
  }
  return o;
}

if (process.argv[1]?.endsWith('sol-sample.ts')) process.stdout.write(await solSample(optionsOf(process.argv.slice(2))));
