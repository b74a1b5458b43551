// The live bench's tables: each plays a real match (the rules engine's random legal shots,
// tools/random-match.ts) at a table's pace and sends what a table sends: after each shot settles, the
// lines it added as one signed shot message (src/sync/shots.ts's text, POST /api/v1/shots), and at each
// board's end the board's signed record (POST /api/v1/records), which goes instead of that shot's message
// as on the device (a record is never delayed by a shot message: docs/sync.md §7). Each send's time is
// noted by the `from` line it starts at, so that a spectator's arrival can be matched to its settle.
import { nodeDigest } from '../../hosts/simulator/sync.ts';
import { formatLog } from '../../src/rules/log.ts';
import type { MatchIds } from '../../src/sync/assignment.ts';
import { signedBody } from '../../src/sync/record.ts';
import { matchId, shotText, SHOTS_PATH } from '../../src/sync/shots.ts';
import { boardEnds, recordBody } from '../results.ts';
import { randomMatch } from '../random-match.ts';
import { Connection } from './raw-http.ts';

/** The wall clock in ms with a fraction, comparable between the bench's processes on one machine. */
export const wallMs = (): number => performance.timeOrigin + performance.now();

export interface Played {
  table: string;
  /** The match's log, line by line (line 0: its header), up to the end of its last board played. */
  lines: string[];
  /** Where each send ends (a line count), in order: after each settle, and at each board's end. */
  cuts: number[];
  /** The cuts that end a board: a record goes there. */
  boards: Set<number>;
  /** A tournament's match, when the table plays one: in every message and record (docs/tournament.md §5.4). */
  ids?: MatchIds;
}

export interface MatchChoice {
  /** The players, as a table starts them from its assignment (in capitals); else the generator's. */
  players?: readonly string[];
  ids?: MatchIds;
}

/** A real match of ICF singles from `seed`, cut after each shot and at each of its first `boards` boards' ends. */
export function playedMatch(table: string, seed: number, boards: number, choice: MatchChoice = {}): Played {
  const m = randomMatch(seed, { clean: true, rules: 'icf', mode: 'singles' });
  const events = m.events.filter((e) => e.e !== 'undo'); // as tools/results.ts cuts its records
  const ends = boardEnds(m.header, events).slice(0, boards);
  if (ends.length < boards) throw new Error(`the match of seed ${seed} has ${ends.length} boards, not ${boards}`);
  const header = choice.players ? { ...m.header, players: choice.players.map((p) => p.toUpperCase()) } : m.header;
  const lines = formatLog(header, events.slice(0, ends[ends.length - 1])).slice(0, -1).split('\n');
  const boardCuts = new Set(ends.map((e) => e + 1));
  const cuts = new Set<number>(boardCuts);
  lines.forEach((l, i) => {
    if (i > 0 && (JSON.parse(l) as { e: string }).e === 'settle') cuts.add(i + 1);
  });
  return { table, lines, cuts: [...cuts].sort((a, b) => a - b), boards: boardCuts, ids: choice.ids };
}

export interface TableRun {
  /** When each send started (wallMs), by `${table} ${from}`: a shot message's, or a record's at a board's end. */
  sent: Map<string, number>;
  shots: number;
  records: number;
  /** Each shot message's round trip, its send to the server's answer (ms): the server publishes before it answers. */
  answers: number[];
  /** Answers other than 200/202 to a shot message or 201 to a record: none is expected. */
  refused: string[];
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What becomes of the table's `n`th shot message (from 1) between it and the server, for the tests of a
 * lossy network: sent; dropped (the table never knows: it goes on from the next line, as behind a proxy
 * that answered for the server); or late (sent only after the next one). */
export type Fate = 'send' | 'drop' | 'late';

/** Plays `p` on the server at `url`, one send at a time on the table's own kept-alive connection, a shot
 * every `paceMs[0]`–`paceMs[1]` ms (uniform), starting after `startMs`. */
export async function playTable(url: string, secret: string, p: Played, paceMs: readonly [number, number], startMs: number, run: TableRun, fate: (n: number) => Fate = () => 'send'): Promise<void> {
  const u = new URL(url);
  const c = new Connection(u.hostname, Number(u.port));
  const id = matchId(p.lines[0], nodeDigest);
  let from = 0;
  let counter = 1;
  let n = 0;
  let late: { from: number; bytes: Buffer; signature: string } | null = null;
  const post = async (m: { from: number; bytes: Buffer; signature: string }) => {
    const t = wallMs();
    const status = await c.post(SHOTS_PATH, `Content-Type: application/json\r\nCarrom-Table: ${p.table}\r\nCarrom-Signature: sha256=${m.signature}\r\n`, m.bytes);
    run.answers.push(wallMs() - t);
    if (status !== 200 && status !== 202) run.refused.push(`${p.table} shot from line ${m.from}: ${status}`);
  };
  await pause(startMs);
  try {
    for (const cut of p.cuts) {
      await pause(paceMs[0] + Math.random() * (paceMs[1] - paceMs[0]));
      run.sent.set(`${p.table} ${from}`, wallMs());
      if (p.boards.has(cut)) {
        const body = Buffer.from(recordBody(p.table, counter, 'board', `${p.lines.slice(0, cut).join('\n')}\n`, p.ids ? { ...p.ids } : {}));
        const sig = signedBody(body.toString(), secret, nodeDigest).signature;
        const status = await c.post('/api/v1/records', `Content-Type: application/json\r\nCarrom-Table: ${p.table}\r\nCarrom-Signature: sha256=${sig}\r\n`, body);
        if (status !== 201) run.refused.push(`${p.table} record ${counter}: ${status}`);
        counter++;
        run.records++;
        if (late !== null) await post(late); // a message late past the record: it adds nothing now
        late = null;
      } else {
        const text = shotText({ table: p.table, matchId: id, from, lines: `${p.lines.slice(from, cut).join('\n')}\n`, madeAt: new Date().toISOString(), ids: p.ids });
        const body = signedBody(text, secret, nodeDigest);
        const m = { from, bytes: Buffer.from(body.bytes), signature: body.signature };
        run.shots++;
        const f = fate(++n);
        if (f === 'late' && late === null) late = m;
        else if (f !== 'drop') {
          await post(m);
          if (late !== null) await post(late);
          late = null;
        }
      }
      from = cut;
    }
  } finally {
    c.close();
  }
}
