// The results server under issue 29's siege (test/server/siege.test.ts's attack): a `carrom serve` process
// on SQLite with four tables and a published round, 1,000 strangers' connections of each of the nine
// kinds of test/helpers/attack.ts held against it (from the siege test's addresses, asks and wrong logins
// sent again 1–3 s after each answer), while four tables post signed records and ask for their match and
// a visitor reads the pages. What it costs the server: its CPU time (/proc/PID/stat, every thread; and
// its event loop's thread alone) over the requests it answered in the window, the attackers' and the
// tables' and visitor's together. CPU per request rather than latency: this machine's cores are shared,
// and a server given less of them answers fewer requests, not costlier ones. The window opens once the
// attack has been held a few seconds, while the guessers' free tries are still being checked (scrypt, in
// the password-check threads: "other threads").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { attacks, recordsOf, timed, type KindName, type Plan } from '../../test/helpers/servers/attack.ts';
import { TournamentDay, secretOf } from '../../test/helpers/tournament/day.ts';
import { askHeaders } from '../../test/helpers/tournament/organiser.ts';
import { scratchDir } from '../scratch.ts';
import { fmt, table } from './stats.ts';

const N = 1000;
const TABLES = ['t-1', 't-2', 't-3', 't-4'];
const PLAYERS = ['Asha', 'Bela', 'Chen', 'Dara', 'Emil', 'Fumi', 'Gita', 'Hugo'];
/** The siege test's plans (test/server/siege.test.ts's KIND_PLANS): addresses, reopening, repeating. */
const PLANS: Record<KindName, { addresses: number; reopenMs?: number; repeatMs?: number }> = {
  'stalled-headers': { addresses: 8, reopenMs: 200 },
  'login-body': { addresses: 16 },
  'tournament-body': { addresses: 8 },
  'logout-body': { addresses: 8 },
  'records-body': { addresses: 8, reopenMs: 200 },
  'event-stream': { addresses: 64 },
  'assignment-get': { addresses: 8, repeatMs: 2000 },
  'refusal-body': { addresses: 8, reopenMs: 200 },
  'wrong-login': { addresses: 50, repeatMs: 2000 },
};
const KINDS = Object.keys(PLANS) as KindName[];
const plans: Plan[] = KINDS.map((kind, k) => {
  const { addresses, reopenMs, repeatMs } = PLANS[kind];
  return { kind, n: N, options: { from: Array.from({ length: addresses }, (_, i) => `127.0.${10 + k}.${i + 1}`), reopenMs, repeatMs } };
});

/** CPU ms so far of each thread of process `pid`, by thread id (one gone meanwhile: absent). */
function threadsCpu(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const f = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(Number(tid), (Number(f[11]) + Number(f[12])) * 10);
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}
const sum = (m: Map<number, number>) => [...m.values()].reduce((x, y) => x + y, 0);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchSiege(o: { seconds: number }): Promise<string> {
  const day = await TournamentDay.open(join(scratchDir('bench-siege'), 'results.db'), TABLES, { name: 'Siege open', rules: 'icf', rounds: 3 }, PLAYERS);
  try {
    await day.drawAndPublish(1);
    const pid = day.serve.child.pid!;
    const url = day.url;
    const tables = TABLES.map((table, i) => ({ table, secret: secretOf(i), next: recordsOf(table, secretOf(i)) }));
    const reads = ['/api/v1/tables', '/', `/tournaments/${day.id}/hall`, `/api/v1/tournaments/${day.id}`, `/api/v1/tournaments/${day.id}/rounds/1`, `/api/v1/tournaments/${day.id}/standings?round=1`];
    let nonce = 0;
    /** The tables and the visitor for `ms`: their requests answered. */
    const legit = async (ms: number) => {
      let n = 0;
      const end = performance.now() + ms;
      await Promise.all([
        ...tables.map(async (t) => {
          while (performance.now() < end) {
            const r = t.next();
            await timed(`${url}/api/v1/records`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Carrom-Table': t.table, 'Carrom-Signature': r.signature }, body: r.body }, 5000);
            await timed(`${url}/api/v1/assignment`, { headers: askHeaders(t.table, t.secret, (++nonce).toString(16).padStart(32, 'a'), new Date()) }, 5000);
            n += 2;
            await pause(500);
          }
        }),
        (async () => {
          while (performance.now() < end) {
            for (const path of reads) {
              await timed(`${url}${path}`, {}, 5000);
              n++;
              await pause(20);
            }
          }
        })(),
      ]);
      return n;
    };
    await legit(3000);
    const a = attacks({ url, table: 't-1', tournament: day.id }, plans);
    try {
      await a.ready();
      await pause(3000);
      const answered = async () => (await a.stats()).reduce((n, s) => n + Object.values(s.answers).reduce((x, y) => x + y, 0), 0);
      const [s0, c0] = [await answered(), threadsCpu(pid)];
      const ours = await legit(o.seconds * 1000);
      const [s1, c1] = [await answered(), threadsCpu(pid)];
      const requests = s1 - s0 + ours;
      const all = sum(c1) - sum(c0);
      const loop = (c1.get(pid) ?? 0) - (c0.get(pid) ?? 0);
      const perRequest = (ms: number) => `${fmt((ms * 1000) / requests)} µs`;
      return table(`The server under issue 29's siege (SQLite, ${KINDS.length} kinds × ${fmt(N)} connections, ${o.seconds} s window): CPU per request answered`, [
        ['requests answered in the window (attack + tables and visitor)', `${fmt(s1 - s0)} + ${fmt(ours)}`],
        ['server CPU per request, every thread', perRequest(all)],
        ['  its event loop\'s thread', perRequest(loop)],
        ['  other threads (password checks, replays, SQLite\'s writer)', perRequest(all - loop)],
      ]);
    } finally {
      await a.stop();
    }
  } finally {
    await day.stop();
  }
}
