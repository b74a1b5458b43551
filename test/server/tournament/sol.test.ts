// The `.sol` export against SoL 4.0's own loader: only the fields its Serializer writes and its
// Deserializer reads (SoL builds its entities from them by keyword, so an unknown field would stop the
// import), references as its 1-based indexes, the phantom as null, boards as SoL keeps them.
import assert from 'node:assert/strict';
import { drawNextRound } from '../../../server/tournament/draw.ts';
import { joinSpaces, sameName, solDump, splitName, type SolExport, type SolPlayer, type TableBoard } from '../../../server/tournament/sol.ts';
import { standings } from '../../../server/tournament/standings.ts';
import { TournamentError, type Entrant, type Match, type Tournament } from '../../../server/tournament/types.ts';
import { entrants, play, tournament } from './helpers.ts';

// The keys each `serialize` of SoL 4.0 may write (sol/models/*.py), and the first document's lists
// (Serializer.dump in sol/models/bio.py).
const SOL = {
  dump: ['users', 'players', 'clubs', 'championships', 'ratings', 'rates'],
  player: ['guid', 'modified', 'firstname', 'lastname', 'nickname', 'sex', 'nationality', 'language', 'citizenship', 'agreedprivacy', 'portrait', 'email', 'birthdate', 'club', 'federation', 'owner', 'merged'],
  club: ['guid', 'modified', 'description', 'owner', 'users', 'rating'],
  championship: ['guid', 'modified', 'club', 'rating', 'owner', 'description', 'prizes', 'couplings', 'skipworstprizes', 'playersperteam', 'closed', 'previous', 'trainingboards'],
  tourney: ['guid', 'modified', 'championship', 'hosting_club', 'rating', 'owner', 'description', 'date', 'location', 'socialurl', 'currentturn', 'rankedturn', 'prized', 'system', 'couplings', 'delaytoppairing', 'delaycompatriotpairing', 'duration', 'prealarm', 'phantomscore', 'retirements', 'finals', 'finalturns', 'finalkind', 'competitors', 'matches'],
  // `position` too: SoL's Serializer leaves it out, but its loader sets it by keyword (Competitor.update).
  competitor: ['players', 'points', 'netscore', 'totscore', 'bucholz', 'prize', 'retired', 'position'],
  match: ['competitor1', 'competitor2', 'breaker', 'turn', 'board', 'final', 'score1', 'score2', 'boards'],
  board: ['number', 'coins1', 'coins2', 'queen'],
};

function keysWithin(o: object, allowed: readonly string[], what: string, required: readonly string[] = []): void {
  for (const k of Object.keys(o)) assert.ok(allowed.includes(k), `${what}: SoL does not know the field ${k}`);
  for (const k of required) assert.ok(k in o, `${what}: SoL's loader needs ${k}`);
}

describe('tournament: the .sol export', () => {
  const es = entrants('Asha Rao', 'Ben Okafor', 'Cleo Martin', 'Dev Shah', 'Eva de Souza');
  const t = tournament('swiss', es, { tables: ['T1', 'T2', 'T3'] });
  // Drawn and exported before each test, not as the file loads: code run at load belongs to no test, and
  // the mutation tester (docs/performance.md) would then run every test of the folder for each mutant of it.
  let x: SolExport;
  let shared: Record<string, Record<string, unknown>[]>;
  let tourney: Record<string, unknown> & { competitors: Record<string, unknown>[]; matches: Record<string, unknown>[] };
  beforeEach(() => {
    const r1 = drawNextRound(t);
    const after1 = play(r1, { 'Asha Rao-Ben Okafor': [25, 10], 'Cleo Martin-Dev Shah': [8, 20] });
    const r2 = play(drawNextRound({ ...t, matches: after1 }), { 'Eva de Souza-Asha Rao': [5, 20], 'Dev Shah-Ben Okafor': [11, 18] });
    const boards: TableBoard[] = [
      { winner: 'a', menLeftA: 0, menLeftB: 5, queen: 'a' },
      { winner: 'b', menLeftA: 2, menLeftB: 0, queen: null },
    ];
    const matches: (Match & { boards?: TableBoard[] })[] = [{ ...after1[0], boards }, ...after1.slice(1), ...r2];
    x = {
      tournament: { ...t, entrants: es.map((e) => (e.id === 'Cleo Martin' ? { ...e, withdrawn: true } : e)), matches },
      name: 'Club open', date: '2026-12-01', club: 'Carrom Club', championship: 'Club open 2026',
      players: new Map([['Dev Shah', [{ firstName: 'Dev', lastName: 'Shah', nationality: 'IND', club: 'Mumbai CC' }]]]),
    };
    [shared, tourney] = JSON.parse(solDump(x)) as [typeof shared, typeof tourney];
  });

  it('is a JSON list (SoL reads JSON when the data begins with "["): the shared entities, then the tournament', () => {
    assert.ok(solDump(x).startsWith('[{'));
    keysWithin(shared, SOL.dump, 'first document', SOL.dump);
    for (const p of shared.players) keysWithin(p, SOL.player, 'player', ['firstname', 'lastname']);
    for (const c of shared.clubs) keysWithin(c, SOL.club, 'club', ['description']);
    for (const c of shared.championships) keysWithin(c, SOL.championship, 'championship', ['description', 'club']);
    keysWithin(tourney, SOL.tourney, 'tourney', ['championship', 'date', 'description', 'competitors', 'matches']);
    for (const c of tourney.competitors) keysWithin(c, SOL.competitor, 'competitor', ['players']);
    for (const m of tourney.matches) keysWithin(m, SOL.match, 'match', ['competitor1', 'competitor2', 'turn', 'board', 'score1', 'score2']);
  });

  it('names players as SoL keeps them, with their club and nationality, and the competitors in SoL\'s order', () => {
    const names = (i: number) => { const p = shared.players[i - 1]; return `${p.lastname}, ${p.firstname}`; };
    // By last name, then first name, as SoL sorts them ("Eva de Souza" is split at her last space).
    assert.deepEqual(tourney.competitors.map((c) => names((c.players as number[])[0])), ['Martin, Cleo', 'Okafor, Ben', 'Rao, Asha', 'Shah, Dev', 'Souza, Eva de']);
    const dev = shared.players.find((p) => p.lastname === 'Shah')!;
    assert.equal(dev.nationality, 'IND');
    assert.equal(shared.clubs[(dev.club as number) - 1].description, 'Mumbai CC');
    assert.equal(shared.clubs[(shared.championships[0].club as number) - 1].description, 'Carrom Club');
    assert.deepEqual(splitName('Eva de Souza'), { firstName: 'Eva de', lastName: 'Souza' });
  });

  it('gives each competitor the standings\' values and marks the withdrawn retired', () => {
    const byName = new Map(tourney.competitors.map((c) => [shared.players[(c.players as number[])[0] - 1].lastname, c]));
    // As worked by hand in standings.test.ts: Asha 4 pts, Bucholz 4, net 30, total 45.
    assert.deepEqual(byName.get('Rao'), { players: [3], points: 4, netscore: 30, totscore: 45, bucholz: 4, position: 1 });
    assert.equal(byName.get('Martin')!.retired, true);
  });

  it('writes the matches by round and board, the phantom as null, and the boards as SoL counts coins', () => {
    const c = (i: unknown) => shared.players[(tourney.competitors[(i as number) - 1].players as number[])[0] - 1].lastname;
    assert.deepEqual(tourney.matches.map((m) => [m.turn, m.board, c(m.competitor1), m.competitor2 === null ? null : c(m.competitor2), m.score1, m.score2]), [
      [1, 1, 'Rao', 'Okafor', 25, 10], [1, 2, 'Martin', 'Shah', 8, 20], [1, 3, 'Souza', null, 25, 0],
      [2, 1, 'Souza', 'Rao', 5, 20], [2, 2, 'Shah', 'Okafor', 11, 18], [2, 3, 'Martin', null, 25, 0],
    ]);
    // coinsN: the opponent's men left when competitor N won the board.
    assert.deepEqual(tourney.matches[0].boards, [{ number: 1, coins1: 5, coins2: 0, queen: '1' }, { number: 2, coins1: 0, coins2: 2 }]);
    for (const b of tourney.matches[0].boards as object[]) keysWithin(b, SOL.board, 'board', ['number']);
    assert.equal(tourney.matches[0].breaker, '1');
    assert.ok(!('breaker' in tourney.matches[2]), 'a bye has no breaker');
    assert.deepEqual([tourney.system, tourney.couplings, tourney.phantomscore, tourney.currentturn, tourney.rankedturn, tourney.date], ['swiss', 'serial', 25, 2, 2, '2026-12-01']);
  });
});

// What running SoL 4.0rc4's own loader on our exports showed (docs/tournament.md §9.1).
describe('tournament: the .sol export as SoL’s loader reads it', () => {
  const es = entrants('Asha Rao', 'Ben Okafor', 'Cleo Martin', 'Dev Shah', 'Eva de Souza');
  const t = tournament('swiss', es, { tables: ['T1', 'T2', 'T3'] });
  let after1: Match[], round2: Match[];
  beforeEach(() => {
    after1 = play(drawNextRound(t), { 'Asha Rao-Ben Okafor': [25, 10], 'Cleo Martin-Dev Shah': [8, 20] });
    round2 = drawNextRound({ ...t, matches: after1 });
  });
  const dump = (matches: readonly Match[], players = new Map<string, SolPlayer[]>(), list = es) =>
    JSON.parse(solDump({ tournament: { ...t, entrants: list, matches }, name: 'Club open', date: '2026-12-01', club: 'Carrom Club', championship: 'Club open 2026', players })) as [Record<string, Record<string, unknown>[]>, Record<string, unknown> & { competitors: Record<string, unknown>[] }];

  it('exported while a round is played, gives each competitor the standings of the rounds it calls ranked, not the ones half played', () => {
    // Round 2 under way: one match finished, one not (and the bye counts once the round is over).
    const halfway = [...after1, ...play(round2, { 'Eva de Souza-Asha Rao': [5, 20], 'Dev Shah-Ben Okafor': [11, 18] }).map((m, i) => (i === 1 ? { ...m, result: null } : m))];
    const [shared, tourney] = dump(halfway);
    assert.deepEqual([tourney.currentturn, tourney.rankedturn], [2, 1]);
    const lastName = (c: Record<string, unknown>) => shared.players[(c.players as number[])[0] - 1].lastname;
    const after = new Map(standings(es, halfway, { throughRound: 1 }).map((s) => [s.name.split(' ').at(-1), s]));
    // SoL's own ranking to its rankedturn (computeRanking(turn=1)) gives these; its full one stops at the
    // 0-0 match ("How could match … end without result?!?").
    for (const c of tourney.competitors) {
      const s = after.get(lastName(c) as string)!;
      assert.deepEqual([lastName(c), c.points, c.bucholz, c.netscore, c.totscore], [lastName(c), s.points, s.bucholz, s.netscore, s.totscore]);
    }
    assert.equal(tourney.competitors.find((c) => lastName(c) === 'Rao')!.points, 2, 'Asha’s round-2 win is not in yet');
  });

  it('gives nicknames to two players SoL would take for one (it joins spaces and title-cases names), so its loader does not stop at its unique competitor index', () => {
    const two = [...es, { id: 'Asha  Rao', name: 'Asha  Rao', seed: 6, withdrawn: false }];
    const [shared] = dump([], new Map([['Asha  Rao', [{ firstName: 'ASHA', lastName: 'rao ' }]]]), two);
    const key = (p: Record<string, unknown>) => [p.lastname, p.firstname, p.nickname ?? ''].map((s) => String(s).split(/\s+/).filter(Boolean).join(' ').toLowerCase()).join('|');
    assert.equal(new Set(shared.players.map(key)).size, shared.players.length, 'every player is a player of its own for SoL');
    assert.deepEqual(shared.players.filter((p) => String(p.lastname).trim().toLowerCase() === 'rao').map((p) => p.nickname), ['#1', '#6'], 'told apart by their seeds');
    assert.ok(!('nickname' in shared.players.find((p) => p.lastname === 'Okafor')!), 'nobody else gets one');
  });

  it('gives each competitor its seed as SoL\'s position, so that SoL breaks a full tie as the standings do, by seed and not by name', () => {
    // Round 1 all drawn: everybody level. SoL ranks by points, Bucholz, net and total score, then the
    // lower `position` first (Tourney.ranking), and by last name where positions are equal.
    const drawn = drawNextRound(t).map((m) => (m.b === null ? m : { ...m, result: { a: 12, b: 12 } }));
    const [shared, tourney] = dump(drawn);
    const lastName = (c: Record<string, unknown>) => shared.players[(c.players as number[])[0] - 1].lastname;
    const solOrder = [...tourney.competitors].sort((p, q) => (q.points as number) - (p.points as number) || (q.bucholz as number) - (p.bucholz as number) || (q.netscore as number) - (p.netscore as number) || (q.totscore as number) - (p.totscore as number) || (p.position as number) - (q.position as number));
    assert.deepEqual(solOrder.map(lastName), standings(es, drawn).map((s) => s.name.split(' ').at(-1)));
    assert.deepEqual(tourney.competitors.map((c) => [lastName(c), c.position]), [['Martin', 3], ['Okafor', 2], ['Rao', 1], ['Shah', 4], ['Souza', 5]]);
  });

  /** Four entrants over `rounds` rounds: from round 4 on the Swiss fallback draws rematches (§6.1). */
  function rematches(rounds: number): Match[] {
    const four = tournament('swiss', entrants('Asha Rao', 'Ben Okafor', 'Cleo Martin', 'Dev Shah'));
    let ms: Match[] = [];
    for (let r = 1; r <= rounds; r++) ms = [...ms, ...drawNextRound({ ...four, matches: ms }).map((m, i) => ({ ...m, result: { a: 25 - i, b: 10 + r } }))];
    return ms;
  }
  const dumpOf = (matches: readonly Match[]) => dump(matches, new Map(), entrants('Asha Rao', 'Ben Okafor', 'Cleo Martin', 'Dev Shah'));

  it('writes a rematch the other way round, as SoL keeps each pair once each way (a unique index of competitor1 and competitor2)', () => {
    const ms = rematches(5);
    const boards: TableBoard[] = [{ winner: 'a', menLeftA: 0, menLeftB: 4, queen: 'b' }];
    const round4 = ms.findIndex((m) => m.round === 4);
    const withBoards = ms.map((m, i) => (i === round4 ? { ...m, breaker: 'a' as const, boards } : m));
    const [shared, tourney] = dumpOf(withBoards);
    const matches = tourney.matches as Record<string, unknown>[];
    const pairs = matches.map((m) => `${m.competitor1}-${m.competitor2}`);
    assert.equal(new Set(pairs).size, pairs.length, 'no pair twice the same way round');
    const name = (i: unknown) => shared.players[((tourney.competitors[(i as number) - 1].players as number[])[0]) - 1].lastname;
    // Every match still says who scored what, whichever way round it is written.
    for (const [i, m] of ms.entries()) {
      const x = matches[i];
      const [sa, sb] = name(x.competitor1) === m.a.split(' ')[1] ? [x.score1, x.score2] : [x.score2, x.score1];
      assert.deepEqual([sa, sb], [m.result!.a, m.result!.b], `round ${m.round}: ${m.a} v ${m.b}`);
    }
    const flipped = matches[round4];
    assert.equal(name(flipped.competitor1), ms[round4].b!.split(' ')[1], 'the rematch is written the other way round');
    assert.equal(flipped.breaker, '2', 'the breaker follows the side');
    assert.deepEqual(flipped.boards, [{ number: 1, coins1: 0, coins2: 4, queen: '1' }], 'and so do the coins and the queen');
  });

  it('writes a rematch still in play the other way round, 0-0', () => {
    const ms = rematches(4);
    const round4 = ms.findIndex((m) => m.round === 4);
    const [, tourney] = dumpOf(ms.map((m, i) => (i === round4 ? { ...m, result: null } : m)));
    const m = (tourney.matches as Record<string, unknown>[])[round4];
    assert.deepEqual([m.score1, m.score2], [0, 0]);
  });

  it('refuses a pair that meets a third time, which SoL cannot keep, saying who and in which round', () => {
    assert.doesNotThrow(() => dumpOf(rematches(6)));
    assert.throws(() => dumpOf(rematches(7)), (e: Error) => e instanceof TournamentError && /meet a third time in round 7/.test(e.message) && /Asha Rao/.test(e.message));
  });
});


describe('tournament: the .sol export, field by field', () => {
  type Doc = [Record<string, Record<string, unknown>[]>, Record<string, unknown> & { competitors: Record<string, unknown>[]; matches: Record<string, unknown>[] }];
  const exportOf = (t: Tournament, more: Partial<SolExport> = {}): Doc => JSON.parse(solDump({ tournament: t, name: 'Open', date: '2026-12-01', club: 'Carrom Club', championship: 'Open 2026', players: new Map(), ...more })) as Doc;
  const es = entrants('Asha Rao', 'Ben Okafor', 'Cleo Martin', 'Dev Shah');

  it('names the system and pairing method as SoL does, for each system; the championship\'s couplings where SoL has them', () => {
    const of = (t: Tournament) => { const [shared, tourney] = exportOf(t); return [tourney.system, tourney.couplings, shared.championships[0].couplings]; };
    assert.deepEqual(of(tournament('knockout', es)), ['knockout', 'seeds', 'serial']);
    assert.deepEqual(of(tournament('all-play-all', es)), ['swiss', 'all', 'serial']);
    assert.deepEqual(of(tournament('swiss', es)), ['swiss', 'serial', 'serial']);
    assert.deepEqual(of(tournament('swiss', es, { couplings: 'dazed' })), ['swiss', 'dazed', 'dazed']);
    assert.deepEqual(of(tournament('swiss', es, { couplings: 'staggered' })), ['swiss', 'staggered', 'staggered']);
  });

  it('writes SoL\'s fixed fields, the shared lists it does not use empty, and the location only when there is one', () => {
    const [shared, tourney] = exportOf(tournament('swiss', es));
    assert.deepEqual([tourney.prized, tourney.retirements, tourney.finals, tourney.finalkind, 'location' in tourney], [false, 'none', 0, 'simple', false]);
    assert.deepEqual([shared.users, shared.ratings, shared.rates], [[], [], []]);
    assert.deepEqual([shared.championships[0].prizes, shared.championships[0].skipworstprizes, shared.championships[0].playersperteam], ['asis', 0, 1]);
    assert.equal(exportOf(tournament('swiss', es), { location: 'Pune' })[1].location, 'Pune');
  });

  it('gives doubles two players a team, tells apart homonyms in two teams by seed and place, and shares a club between its players', () => {
    const teams: Entrant[] = [{ id: 't1', name: 'Asha Rao & Ben Okafor', seed: 1, withdrawn: false }, { id: 't2', name: 'Asha Rao & Cleo Martin', seed: 2, withdrawn: false }];
    const players = new Map<string, SolPlayer[]>([
      ['t1', [{ firstName: 'Asha', lastName: 'Rao', club: 'Pune CC' }, { firstName: 'Ben', lastName: 'Okafor', club: 'Pune CC' }]],
      ['t2', [{ firstName: 'Asha', lastName: 'Rao', club: 'Carrom Club' }, { firstName: 'Cleo', lastName: 'Martin' }]],
    ]);
    const [shared, tourney] = exportOf(tournament('swiss', teams), { players });
    assert.equal(shared.championships[0].playersperteam, 2);
    assert.deepEqual(shared.players.map((p) => [p.lastname, p.nickname ?? null, p.club ?? null]), [['Rao', '#1/1', 2], ['Okafor', null, 2], ['Rao', '#2/1', 1], ['Martin', null, null]]);
    assert.deepEqual(shared.clubs.map((c) => c.description), ['Carrom Club', 'Pune CC'], 'the organiser\'s club once, though a player is of it too');
    assert.deepEqual(tourney.competitors.map((c) => c.players), [[1, 2], [3, 4]]);
  });

  it('does not take for one person two players whose names only run together', () => {
    const two: Entrant[] = [{ id: 'x', name: 'x', seed: 1, withdrawn: false }, { id: 'y', name: 'y', seed: 2, withdrawn: false }];
    const players = new Map<string, SolPlayer[]>([['x', [{ firstName: 'Asha', lastName: 'Rao' }]], ['y', [{ firstName: '', lastName: 'RaoAsha' }]]]);
    assert.ok(exportOf(tournament('swiss', two), { players })[0].players.every((p) => !('nickname' in p)));
  });

  it('writes a nationality only as SoL takes it (three capitals), and lists competitors by last name, first name, then seed', () => {
    const people: Entrant[] = [
      { id: 'a', name: 'Ben Rao', seed: 1, withdrawn: false }, { id: 'b', name: 'Asha Rao', seed: 2, withdrawn: false },
      { id: 'c', name: 'Asha  Rao', seed: 3, withdrawn: false }, { id: 'd', name: 'Dev Shah', seed: 4, withdrawn: false },
    ];
    const players = new Map<string, SolPlayer[]>([['a', [{ firstName: 'Ben', lastName: 'Rao', nationality: 'ind' }]], ['b', [{ firstName: 'Asha', lastName: 'Rao', nationality: 'INDIA' }]], ['d', [{ firstName: 'Dev', lastName: 'Shah', nationality: 'IND' }]]]);
    const [shared, tourney] = exportOf(tournament('swiss', people), { players });
    assert.deepEqual(shared.players.map((p) => [p.firstname, p.lastname, p.nationality ?? null]), [['Asha', 'Rao', null], ['Asha', 'Rao', null], ['Ben', 'Rao', null], ['Dev', 'Shah', 'IND']]);
    assert.deepEqual(tourney.competitors.map((c) => c.position), [2, 3, 1, 4]);
    // The same names listed the other way round: still by seed.
    assert.deepEqual(exportOf(tournament('swiss', [...people].reverse()), { players })[1].competitors.map((c) => c.position), [2, 3, 1, 4]);
  });

  it('writes a match still in play 0-0, no boards for an empty list, and a board without a winner with no coins', () => {
    const t = tournament('swiss', es);
    const [m1, m2] = drawNextRound(t);
    const [, tourney] = exportOf({ ...t, matches: [{ ...m1, boards: [{ winner: null, menLeftA: 3, menLeftB: 4, queen: null }] } as Match, { ...m2, result: { a: 25, b: 3 }, boards: [] } as Match] });
    assert.deepEqual([tourney.matches[0].score1, tourney.matches[0].score2, tourney.matches[0].boards], [0, 0, [{ number: 1, coins1: 0, coins2: 0 }]]);
    assert.ok(!('boards' in tourney.matches[1]));
  });

  it('names the entrants, not their ids, when it refuses a third meeting', () => {
    const two: Entrant[] = [{ id: '7', name: 'Asha Rao', seed: 1, withdrawn: false }, { id: '8', name: 'Ben Okafor', seed: 2, withdrawn: false }];
    const meet = (round: number): Match => ({ round, a: '7', b: '8', table: null, breaker: 'a', result: { a: 25, b: 10 } });
    assert.throws(() => exportOf(tournament('swiss', two, { matches: [meet(1), meet(2), meet(3)] })), { message: 'Asha Rao and Ben Okafor meet a third time in round 3: SoL keeps a pair\'s meetings only once each way round, so this tournament cannot be written for SoL' });
  });

  it('names: spaces joined, case folded for sameness, split at the last space', () => {
    assert.equal(joinSpaces('  Asha \t Rao '), 'Asha Rao');
    assert.deepEqual([sameName('Asha  Rao', 'asha rao'), sameName('Asha Rao', 'Asha Ray')], [true, false]);
    assert.deepEqual(splitName('  Asha  '), { firstName: '', lastName: 'Asha' });
    assert.deepEqual(splitName(' Eva  de Souza '), { firstName: 'Eva  de', lastName: 'Souza' });
  });
});
