// Issue 34's test of the delay: every public read the server has, enumerated from its own route table
// (server/common/public-reads.ts: the handler answers 404 to a read of any path not listed), read as a
// spectator while a table plays a delayed tournament's match (its records and its shot messages), shows
// nothing newer than now − the delay: each answer is the one it gave before that play, to the
// millisecond before the delay is past, and the one an organiser (logged in: live) got, once it is. The
// event stream and the live feeds likewise: a spectator's get the play's events when they are the delay
// old, an organiser's at once, and a feed's reader that logs in or out meanwhile is told to read again. The server's clock is the test's (ServerOptions.now, which the command line cannot set).
import assert from 'node:assert/strict';
import { request, type IncomingMessage } from 'node:http';
import { PUBLIC_READS } from '../../../server/common/public-reads.ts';
import type { ResultsServer } from '../../../server/index.ts';
import { matchIdOf } from '../../../server/live/shot-message.ts';
import { postRecord, signature } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { api, assignedRecords, organisedServer, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';

const SECRET = '4c'.repeat(32);
const MINUTE = 60_000;

interface Stream {
  events: { event: string; data: string; id?: string }[];
  close(): void;
}

/** An event stream as a browser reads it (/api/v1/events, or a live feed: server-sent events, or NDJSON
 *  lines when its path ends in `.ndjson`), with a session's cookie or none; resolved once the stream has
 *  caught up (its first `id`): a shot published before then is not sent to it (shots are not kept). */
function openStream(url: string, cookie: string | null, lastEventId?: string, path = '/api/v1/events'): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const events: Stream['events'] = [];
    const headers = { ...(cookie ? { Cookie: cookie } : {}), ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) };
    const ndjson = path.endsWith('.ndjson');
    const req = request(`${url}${path}`, { headers }, (res: IncomingMessage) => {
      if (res.statusCode !== 200) return reject(new Error(`${path}: ${res.statusCode}`));
      let buf = '';
      let ready = false;
      const caughtUp = () => {
        if (ready) return;
        ready = true;
        resolve({ events, close: () => req.destroy() });
      };
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        buf += d;
        if (ndjson) {
          for (let end; (end = buf.indexOf('\n')) >= 0; buf = buf.slice(end + 1)) {
            const line = buf.slice(0, end).trim();
            if (!line) continue;
            const e = JSON.parse(line) as { id: number; event: string; data: unknown };
            events.push({ event: e.event, data: JSON.stringify(e.data), id: String(e.id) });
            caughtUp();
          }
          return;
        }
        for (let end; (end = buf.indexOf('\n\n')) >= 0; buf = buf.slice(end + 2)) {
          const block = buf.slice(0, end);
          const field = (name: string) => block.split('\n').find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          const event = field('event');
          if (event) events.push({ event, data: field('data') ?? '', id: field('id') });
          if (field('id') !== undefined) caughtUp();
        }
      });
      res.on('error', () => undefined);
      // One that resumes from an id it has is sent no `id:` when it missed nothing.
      if (lastEventId) caughtUp();
    });
    req.on('error', reject);
    req.end();
  });
}

for (const engine of ENGINES) {
  describe(`a delayed tournament on every public read (${engine.name})`, function () {
    this.timeout(60_000);
    let server: ResultsServer;
    let clock: Clock;
    let asha: LoggedIn;
    afterEach(() => server?.close());

    it('shows a spectator nothing newer than now − the delay, on every read in the route table, and an organiser everything live', async () => {
      ({ server, clock, asha } = await organisedServer(await engine.fresh(), { 't-1': SECRET }));
      const url = server.url;
      const made = await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Delayed open', date: '2026-12-01', rules: 'icf', options: { matchTarget: 9 }, tables: ['t-1'], rounds: 1, delay: 1 });
      assert.equal(made.status, 201, JSON.stringify(made.json));
      const tournament = made.json.tournament.id as number;
      assert.equal(made.json.tournament.delay, 1);
      const base = `/api/v1/tournaments/${tournament}`;
      assert.equal((await api(url, asha, 'POST', `${base}/entrants.csv`, 'name\nAsha\nBen\n', { 'Content-Type': 'text/csv' })).status, 201);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201);
      const [drawn] = (await api(url, asha, 'POST', `${base}/rounds/1/publish`)).json.round.matches;
      const records = assignedRecords('t-1', { tournament, round: 1, match: drawn.id }, 23, ['Asha', 'Ben']);
      assert.ok(records.length >= 4, 'a match of several records');

      // Before: two boards of it, a delay ago and more.
      for (const r of records.slice(0, 2)) assert.equal((await postRecord(url, 't-1', SECRET, r.body)).status, 201);
      clock.pass(2 * MINUTE);
      server.delay.wake();
      const match = (await api(url, null, 'GET', '/api/v1/tables')).json.tables[0].match as number;
      assert.ok(match > 0, 'the spectator sees the first boards once the delay is past');

      const paths = PUBLIC_READS.filter((r) => !r.stream).map((r) => r.path.replace('{table}', 't-1').replace('{match}', String(match)).replace('{tournament}', String(tournament)).replace('{round}', '1'));
      // Each answer's status and body (a form's token is new at each read of the login page).
      const readAll = async (who: LoggedIn | null) =>
        Object.fromEntries(
          await Promise.all(
            paths.map(async (p) => {
              const r = await fetch(`${url}${p}`, { headers: who ? { Cookie: who.cookie } : {} });
              return [p, `${r.status} ${(await r.text()).replace(/name="csrf" value="[^"]*"/g, '')}`] as const;
            }),
          ),
        );
      const before = await readAll(null);
      const organiserBefore = await readAll(asha);
      // Each answers (a Swiss has no bracket: 409, as to anyone).
      for (const p of paths) assert.match(before[p], p.endsWith('/bracket') && p.startsWith('/api/') ? /^409 / : /^200 /, `${p} answers`);
      const spectator = await openStream(url, null);
      // Every other stream of the route table (the live feeds, each form), as a spectator: its snapshot
      // first, then the play's events when they are the delay old.
      const feedPaths = PUBLIC_READS.filter((r) => r.stream && r.path !== '/api/v1/events').map((r) => r.path.replace('{table}', 't-1').replace('{tournament}', String(tournament)));
      assert.ok(feedPaths.length >= 3, 'the live feeds are public reads');
      const feeds = await Promise.all(feedPaths.map((p) => openStream(url, null, undefined, p)));
      /** A feed's events that show t-1's play: its shots and records, and a snapshot holding its live match. */
      const playOf = (f: Stream) => f.events.filter((e) => ((e.event === 'shot' || e.event === 'record') && e.data.includes('"table":"t-1"')) || (e.event === 'snapshot' && e.data.includes('"table":"t-1"')));
      const organiser = await openStream(url, asha.cookie);
      // The same feeds as an organiser logged in reads them: live.
      const organiserFeeds = await Promise.all(feedPaths.map((p) => openStream(url, asha.cookie, undefined, p)));

      // The play: the match's next board shot by shot (its first lines), then every record to its end.
      const lines = records[2].log.split('\n').slice(0, 4);
      const shot = JSON.stringify({ carromShot: 1, table: 't-1', matchId: matchIdOf(lines[0]), from: 0, lines: `${lines.join('\n')}\n`, madeAt: null, tournament, round: 1, match: drawn.id });
      const sent = await fetch(`${url}/api/v1/shots`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Carrom-Table': 't-1', 'Carrom-Signature': signature(SECRET, shot) }, body: shot });
      assert.equal(sent.status, 200, await sent.text());
      for (const r of records.slice(2)) assert.equal((await postRecord(url, 't-1', SECRET, r.body)).status, 201);
      // The organiser's stream has every record at once, and the shots the records heal right after (each
      // heal reads its record back first): all of it before the test's clock moves on.
      const settled = Date.now() + 10_000;
      while (organiser.events.filter((e) => e.event === 'record').length < records.length - 2 && Date.now() < settled) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const organiserNow = await readAll(asha);
      // Each organiser's feed has the play at once, as the organiser's event stream has it.
      const ofT1 = (s: Stream['events'], kind: string) => s.filter((e) => e.event === kind && e.data.includes('"table":"t-1"')).map((e) => e.data);
      for (const [i, f] of organiserFeeds.entries()) {
        for (const kind of ['record', 'shot']) {
          while (ofT1(f.events, kind).length < ofT1(organiser.events, kind).length && Date.now() < settled) await new Promise((resolve) => setTimeout(resolve, 20));
          assert.deepEqual(ofT1(f.events, kind), ofT1(organiser.events, kind), `the organiser's ${feedPaths[i]}: its ${kind}s live`);
        }
      }
      // A reader that crosses over resumes from a number of the other side's feed: it is told to read
      // again (reset, then a snapshot: the organiser's with the play, the public's without), never sent
      // what came after a number that is not its feed's.
      const crossed = async (from: Stream, cookie: string | null, path: string) => {
        const r = await openStream(url, cookie, [...from.events].reverse().find((e) => e.id !== undefined)!.id, path);
        const deadline = Date.now() + 5_000;
        while (r.events.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        r.close();
        return r.events;
      };
      const tableFeed = feedPaths.indexOf('/api/v1/live/tables/t-1');
      const loggedIn = await crossed(feeds[tableFeed], asha.cookie, feedPaths[tableFeed]);
      assert.deepEqual(loggedIn.map((e) => e.event), ['reset', 'snapshot'], 'a public reader that logged in: told to read again');
      assert.match(loggedIn[1].data, /"table":"t-1"/, "the organiser's snapshot has the play");
      const loggedOut = await crossed(organiserFeeds[tableFeed], null, feedPaths[tableFeed]);
      assert.deepEqual(loggedOut.map((e) => e.event), ['reset', 'snapshot'], 'an organiser that logged out: told to read again');
      assert.doesNotMatch(loggedOut[1].data, /"table":"t-1"/, "the public's snapshot has none of the play yet");
      assert.equal((await api(url, null, 'GET', `${base}/rounds/1`)).json.round.matches[0].status, 'playing', "the spectator's round: in play, no result");
      assert.equal((await api(url, asha, 'GET', `${base}/rounds/1`)).json.round.matches[0].status, 'finished', "the organiser's: finished");

      // Every read that shows the play changed for the organiser (so each comparison below can fail) …
      const changed = paths.filter((p) => organiserNow[p] !== organiserBefore[p]);
      for (const p of ['/api/v1/tables', '/api/v1/matches/t-1', `/matches/${match}/notation`, '/api/v1/export.csv', '/api/v1/export.json', '/api/v1/leaderboard', base, `${base}/rounds/1`, `${base}/standings`, `${base}/ranking`, `${base}/tables`, `${base}/standings.csv`, `${base}/export.sol`]) {
        assert.ok(changed.includes(p), `${p} shows the play to an organiser`);
      }
      // … and for the spectator every read is as it was, to the millisecond before the delay is past (but
      // for the clock itself: the tables report says its `now` and how long since each match's round began).
      const clockless = (text: string) => text.replace(/"now":"[^"]*"/g, '"now":…').replace(/"sincePublished":\d+/g, '"sincePublished":…');
      // The shots the organiser had as the clock moves on (no await between): a heal published later (its
      // record read back slowly under load) is a later shot, and the spectator gets it a minute after that.
      const shotsBefore = organiser.events.filter((e) => e.event === 'shot').length;
      assert.ok(shotsBefore >= 1, 'the shot message, at least');
      for (const wait of [0, 59_999]) {
        clock.pass(wait);
        server.delay.wake();
        const now = await readAll(null);
        for (const p of paths) assert.equal(clockless(now[p]), clockless(before[p]), `${p} ${wait} ms after the play`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(spectator.events.filter((e) => e.event === 'record' || e.event === 'shot'), [], "nothing on the spectator's stream");
      for (const [i, f] of feeds.entries()) assert.deepEqual(playOf(f), [], `nothing of the play on ${feedPaths[i]}`);
      // A feed opened now is not given the play in its snapshot either.
      const late = await openStream(url, null, undefined, '/api/v1/live/tables/t-1');
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(playOf(late), [], 'nothing of the play in the snapshot of a feed opened during the delay');
      late.close();
      const live = organiser.events.filter((e) => e.event === 'record' || e.event === 'shot');
      // A spectator's page that reconnects now with a Last-Event-ID at or past the held records' numbers
      // (in a hall, a record of another table of no tournament comes after them: its id) is sent the held
      // records when they are due all the same.
      const newest = [...organiser.events].reverse().find((e) => e.event === 'record')?.id;
      assert.ok(newest, 'the records have ids');
      const resumed = await openStream(url, null, newest);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(live.filter((e) => e.event === 'record').length, records.length - 2, "the organiser's stream has every record at once");
      assert.ok(live.some((e) => e.event === 'shot'), "and the shots");

      // The delay past: the spectator reads what the organiser read then, and its stream gets the play.
      clock.pass(1);
      server.delay.wake();
      const after = await readAll(null);
      for (const p of paths) if (p !== '/api/v1/session') assert.equal(clockless(after[p]), clockless(organiserNow[p]), `${p} once the delay is past`);
      const deadline = Date.now() + 5_000;
      while (spectator.events.filter((e) => e.event === 'record').length < records.length - 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      // Each kind in its order (the hub writes a record at its next turn and a shot at once, for the
      // organiser's stream as for this: records and shots released together may come in either order).
      for (const kind of ['record', 'shot']) {
        const want = ofT1(organiser.events, kind).slice(0, kind === 'shot' ? shotsBefore : undefined);
        while (ofT1(spectator.events, kind).length < want.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        const brief = (list: string[]) => list.map((d) => JSON.parse(d) as { seq?: number; counter?: number; from?: number; held?: string }).map((e) => `${e.seq ?? e.counter}:${e.from ?? ''}${e.held ? 'held' : ''}`).join(' ');
        assert.deepEqual(ofT1(spectator.events, kind), want, `the spectator's ${kind}s (${brief(ofT1(spectator.events, kind))}): the organiser's (${brief(ofT1(organiser.events, kind))}, ${shotsBefore} shots before the clock moved), in their order`);
      }
      // Each live feed gets the same shots and records of t-1 as the organiser's stream, now.
      for (const [i, f] of feeds.entries()) {
        for (const kind of ['record', 'shot']) {
          const want = ofT1(organiser.events, kind).slice(0, kind === 'shot' ? shotsBefore : undefined);
          while (ofT1(f.events, kind).length < want.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
          assert.deepEqual(ofT1(f.events, kind), want, `${feedPaths[i]}'s ${kind}s once the delay is past`);
        }
        f.close();
      }
      while (ofT1(resumed.events, 'record').length < records.length - 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.deepEqual(ofT1(resumed.events, 'record'), ofT1(live, 'record'), 'the page that reconnected gets the held records too');
      resumed.close();
      spectator.close();
      organiser.close();
      for (const f of organiserFeeds) f.close();
    });
  });
}
