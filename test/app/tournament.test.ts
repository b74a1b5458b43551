// A tournament's next match at the table (docs/tournament.md §5.2), through the app as players meet it:
// the start screen shows it in the table's language, one press starts it with the draw's names, preset,
// mode and breaker (nobody spells a name), a long press refuses it (wrong table), a table in a match is
// never interrupted, and the match played carries its ids in every record.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseLog } from '../../src/rules/index.ts';
import { assignmentText, type Assignment } from '../../src/sync/assignment.ts';
import { ASK_EVERY_US } from '../../src/sync/assigner.ts';
import { say, type Language } from '../../src/i18n/index.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { TEXT_ROWS } from '../../src/view/text.ts';
import { header } from '../../tools/script.ts';
import { HandGetTransport, SETTINGS, makeSync } from '../helpers/sync.ts';
import { MemoryFlash, makeTable, play, press, type TestTable } from '../helpers/table.ts';

const DRAW: Assignment = {
  tournament: 7,
  name: 'Club open',
  round: 2,
  match: 118,
  label: 'R2 T3',
  rules: 'it-torneo',
  options: {},
  mode: 'singles',
  players: ['Asha', 'Ben'],
  breaker: 0,
  publishedAt: '2026-12-01T10:02:00.000Z',
};

function table(language: Language = 'en') {
  const tr = new HandGetTransport();
  const sync = makeSync(tr, new MemoryFlash());
  const t = makeTable({ ...header('icf'), players: ['CLEO', 'DEV'] }, new MemoryFlash(), undefined, 10, { sync });
  t.app.settings = { ...t.app.settings, language };
  return { t, tr, sync };
}

/** Ticks for `us` microseconds (every 20 ms, as the host's timer). */
function wait(t: TestTable, us: number): void {
  for (let i = 0; i < us / 20_000; i++) {
    t.clock.t += 20_000;
    t.app.tick();
  }
}

/** The server answers the table's question with `a` at `counter`, signed by Node's HMAC. */
function serve(t: TestTable, tr: HandGetTransport, counter: number, a: Assignment | null): void {
  for (let i = 0; i < 2000 && tr.asked.length === 0; i++) wait(t, 20_000);
  assert.equal(tr.asked.length, 1, 'the table asked');
  tr.answerGet(200, assignmentText({ table: SETTINGS.table, counter, nonce: tr.nonce(), assignment: a }));
  wait(t, 40_000);
}

const lines = (t: TestTable) => {
  const s = t.app.screen();
  return s.kind === 'text' ? [s.title, ...s.lines] : [s.kind];
};

function fixtureReadings(from: number): Reading[] {
  const log = parseLog(readFileSync('test/fixtures/matches/it-torneo-singles.jsonl', 'utf8'));
  assert.ok(log.ok);
  const g = generateTrace(log.value.header, log.value.events.map((e) => e.event), 5, NOISE.low, LAYOUTS.reference);
  return g.readings.map((r) => ({ ...r, t: r.t + from }) as Reading);
}

describe('a tournament match at the table', () => {
  it('the start screen shows R2 T3: ASHA V BEN, the preset and who breaks; one press starts it as drawn', () => {
    const { t, tr, sync } = table();
    serve(t, tr, 42, DRAW);
    assert.deepEqual(lines(t), ['CLUB OPEN', 'R2 T3: ASHA V BEN', 'RULES IT-TORNEO', 'BREAKS ASHA', 'SELECT: START', 'HOLD ●: WRONG TABLE']);
    press(t, 'select');
    assert.deepEqual(t.app.header, { carrom: 1, rules: 'it-torneo', mode: 'singles', players: ['ASHA', 'BEN'], breaker: 0, options: {} });
    assert.equal(t.app.screen().kind, 'play');
    assert.equal(sync.offer(), null);
    assert.equal(tr.posted.length, 0, 'starting posts nothing');
  });

  it('shows it in the table’s language', () => {
    for (const lang of ['pt', 'sl', 'it', 'ro', 'sv'] as const) {
      const { t, tr } = table(lang);
      serve(t, tr, 1, { ...DRAW, breaker: 1 });
      assert.deepEqual(lines(t).slice(1), [say(lang, 'assignMatch', 'R2 T3', 'ASHA', 'BEN'), say(lang, 'rulesIs', 'IT-TORNEO'), say(lang, 'breaksIs', 'BEN'), say(lang, 'assignStart'), say(lang, 'assignRefuse')]);
      assert.notEqual(lines(t)[4], 'SELECT: START', `${lang} has its own words`);
    }
  });

  it('shows players entered with both names (as the guide asks) in whole words, a name on one row where it fits, and the refusal stays on the screen', () => {
    const cases: [string[], string[]][] = [
      [['Chandra Iyer', 'Dee Mensah'], ['R2 T3: CHANDRA IYER', 'V DEE MENSAH', 'BREAKS CHANDRA IYER']],
      [['Eli Sen', 'Fay Wong'], ['R2 T3: ELI SEN V', 'FAY WONG', 'BREAKS ELI SEN']],
      [['Chandrasekhar Venkataraman', 'Dee Mensah-Owusu'], ['R2 T3: CHANDRASEKHAR', 'V. V DEE M.', 'BREAKS CHANDRASEKHAR']],
    ];
    for (const [players, shown] of cases) {
      const { t, tr } = table();
      serve(t, tr, 5, { ...DRAW, players });
      const [title, ...rows] = lines(t);
      // Two rows of names: the preset's name takes the title's place, and the breaker follows the names.
      assert.equal(title, DRAW.rules.toUpperCase());
      assert.deepEqual([rows[0], rows[1], rows[2]], shown, players.join(' v '));
      assert.ok(rows.length <= TEXT_ROWS, `${rows.length} rows: the text screen has ${TEXT_ROWS}`);
      assert.equal(rows[rows.length - 1], 'HOLD ●: WRONG TABLE', 'the refusal is on the screen');
      press(t, 'select');
      assert.deepEqual(t.app.header.players, players.map((p) => p.toUpperCase()), 'the log keeps the full names');
    }
  });

  it('a doubles match shows both sides, partners joined, and starts in the log’s order', () => {
    const { t, tr } = table();
    serve(t, tr, 3, { ...DRAW, rules: 'icf', mode: 'doubles', players: ['ASHA', 'BEN', 'CLEO', 'DEV'], breaker: 1 });
    assert.deepEqual(lines(t).slice(1, 3), ['R2 T3: ASHA+CLEO V', 'BEN+DEV'], 'wrapped at a word on the 20-character rows');
    // The screen shows five rows and does not scroll (its buttons start and refuse): the preset's name
    // takes the tournament's place in the title, and every line is on the screen.
    assert.deepEqual(lines(t), ['ICF', 'R2 T3: ASHA+CLEO V', 'BEN+DEV', 'BREAKS BEN', 'SELECT: START', 'HOLD ●: WRONG TABLE']);
    assert.ok(lines(t).length - 1 <= TEXT_ROWS, `${lines(t).length - 1} lines in ${TEXT_ROWS} rows`);
    press(t, 'select');
    assert.deepEqual([t.app.header.mode, t.app.header.players, t.app.header.breaker], ['doubles', ['ASHA', 'BEN', 'CLEO', 'DEV'], 1]);
  });

  it('a long press refuses it: the table posts the refusal, says so, and plays on as before', () => {
    const { t, tr } = table();
    serve(t, tr, 42, DRAW);
    press(t, 'select', true);
    assert.equal(t.app.screen().kind, 'play');
    assert.deepEqual(t.app.header.players, ['CLEO', 'DEV'], 'the match set up at the table stays');
    wait(t, 40_000);
    assert.equal(tr.posted.length, 1);
    assert.equal(tr.posted[0].request.url, 'http://127.0.0.1:9/api/v1/assignment/refusal');
    assert.equal(JSON.parse(tr.posted[0].body).match, 118);
    const s = t.app.screen();
    assert.ok(s.kind === 'play' && s.line === 'REFUSED: WRONG TABLE', 'the bottom line says it');
  });

  it('UP opens the menu as ever while a match is offered', () => {
    const { t, tr } = table();
    serve(t, tr, 42, DRAW);
    press(t, 'up');
    const s = t.app.screen();
    assert.ok(s.kind === 'menu' && s.title === say('en', 'menu'));
  });

  it('a match in progress is never interrupted: the table neither asks nor shows one until it is over', () => {
    const { t, tr } = table();
    const readings = fixtureReadings(t.clock.t + 1_000_000);
    // The default match is played from the fixture's first shots: the table is then in a match.
    play(t, readings.slice(0, readings.length >> 2));
    tr.asked.length = 0;
    wait(t, 3 * ASK_EVERY_US);
    assert.equal(tr.asked.length, 0);
    assert.equal(t.app.screen().kind, 'play');
  });

  it('the match played carries tournament, round and match in every record, and a new assignment follows', () => {
    const { t, tr } = table();
    serve(t, tr, 42, DRAW);
    press(t, 'select');
    const readings = fixtureReadings(t.clock.t + 1_000_000);
    const records: { tournament?: number; round?: number; match?: number; kind: string }[] = [];
    play(t, readings, () => {
      while (tr.posted.length > 0) records.push(JSON.parse(tr.answer(201, { stored: true }).body));
    });
    for (let i = 0; i < 500 && !records.some((r) => r.kind === 'match'); i++) {
      wait(t, 20_000);
      while (tr.posted.length > 0) records.push(JSON.parse(tr.answer(201, { stored: true }).body));
    }
    assert.equal(t.app.state.match.over, true);
    assert.ok(records.length >= 3);
    for (const r of records) assert.deepEqual([r.tournament, r.round, r.match], [7, 2, 118]);
    assert.ok(records.some((r) => r.kind === 'match'));
    // The match's record delivered: the table asks at once, and shows the next round's match.
    serve(t, tr, 43, { ...DRAW, round: 3, match: 131, label: 'R3 T3', players: ['CLEO', 'ASHA'] });
    assert.equal(lines(t)[1], 'R3 T3: CLEO V ASHA');
  });
});
