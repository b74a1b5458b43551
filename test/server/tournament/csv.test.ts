// The entry list read from a CSV, and the pairings and standings written as CSV.
import assert from 'node:assert/strict';
import { pairingsCsv, parseEntrantsCsv, standingsCsv } from '../../../server/tournament/csv.ts';
import { drawNextRound } from '../../../server/tournament/draw.ts';
import { standings } from '../../../server/tournament/standings.ts';
import { entrants, play, tournament } from './helpers.ts';
import type { Match } from '../../../server/tournament/types.ts';

describe('tournament: the entry list from a CSV', () => {
  it('reads players with club, nationality and rating, and seeds the rated first, highest first', () => {
    const text = '\uFEFFname,club,nationality,rating\r\nAsha Rao,Mumbai CC,ind,1500\r\n"Okafor, Ben",,NGA,\r\nCleo Martin,Lyon,FRA,1720\r\n';
    const e = parseEntrantsCsv(text, 'singles');
    assert.deepEqual(e.map((x) => [x.seed, x.name]), [[1, 'Cleo Martin'], [2, 'Asha Rao'], [3, 'Okafor, Ben']]);
    assert.deepEqual(e[1].players[0], { name: 'Asha Rao', firstName: 'Asha', lastName: 'Rao', club: 'Mumbai CC', nationality: 'IND', rating: 1500 });
  });

  it('takes a spreadsheet\'s header as it is written, capitals aside (Name, Club, Nationality, partnerFirstName)', () => {
    const e = parseEntrantsCsv('Name,Club,NATIONALITY,Rating\nAsha Rao,Pune,ind,1500\nBen Ode,Pune,,\n', 'singles');
    assert.deepEqual(e[0].players[0], { name: 'Asha Rao', firstName: 'Asha', lastName: 'Rao', club: 'Pune', nationality: 'IND', rating: 1500 });
    const d = parseEntrantsCsv('FirstName;LastName;PartnerFirstName;PartnerLastName\nAsha;Rao;Ben;Okafor\n', 'doubles');
    assert.deepEqual(d.map((x) => x.name), ['Asha Rao & Ben Okafor']);
    assert.throws(() => parseEntrantsCsv('name,Name\nAsha,Asha\n', 'singles'), /^TournamentError: line 1: the column "Name" is there twice$/);
  });

  it('takes ";" as the separator when the header does, first and last names apart, and teams for doubles', () => {
    const text = 'firstname;lastname;partnerFirstname;partnerLastname\nAsha;Rao;Ben;Okafor\nCleo;de Souza;Dev;Shah\n';
    const e = parseEntrantsCsv(text, 'doubles');
    assert.deepEqual(e.map((x) => x.name), ['Asha Rao & Ben Okafor', 'Cleo de Souza & Dev Shah']);
    assert.equal(e[1].players[0].lastName, 'de Souza');
  });

  it('refuses the whole file at the first bad line, saying which line and what', () => {
    const bad: [string, 'singles' | 'doubles', RegExp][] = [
      ['', 'singles', /the file is empty/],
      ['name,nationalty\nAsha,IND\n', 'singles', /line 1: unknown column "nationalty"/],
      ['club\nMumbai\n', 'singles', /line 1: the header needs a column "name"/],
      ['name,club\nAsha,Mumbai\nBen\n', 'singles', /line 3: 1 columns, the header has 2/],
      ['name,club\n,Mumbai\n', 'singles', /line 2: the player has no name/],
      ['name,nationality\nAsha,India\n', 'singles', /line 2: nationality "India" is not an ISO 3166 alpha-3 code/],
      ['name,rating\nAsha,high\n', 'singles', /line 2: rating "high" is not a number/],
      ['name\nAsha\nasha\n', 'singles', /line 3: asha is entered already \(line 2\)/],
      ['name,partner\nAsha,\n', 'doubles', /line 2: doubles: Asha has no partner/],
      ['name,partner\nAsha,Ben\n', 'singles', /line 2: singles: Asha has a partner/],
      ['name\n"Asha\n', 'singles', /line 2: a quote is not closed/],
      [`name\n${'x'.repeat(41)}\n`, 'singles', /line 2: "x+" is longer than 40 characters/],
    ];
    for (const [text, mode, error] of bad) assert.throws(() => parseEntrantsCsv(text, mode), error, JSON.stringify(text));
  });

  it('refuses a name entered twice whichever case comes first', () => {
    assert.throws(() => parseEntrantsCsv('name\nasha\nAsha\n', 'singles'), /^TournamentError: line 3: Asha is entered already \(line 2\)$/);
    assert.throws(() => parseEntrantsCsv('name\nASHA RAO\nasha  rao\n', 'singles'), /^TournamentError: line 3: asha rao is entered already \(line 2\)$/);
    assert.throws(() => parseEntrantsCsv('name,partner\nasha,ben\nAsha,Ben\n', 'doubles'), /line 3: Asha & Ben is entered already \(line 2\)/);
  });

  it('reads a doubled quote inside a quoted cell as one quote, at its start, middle and end', () => {
    const e = parseEntrantsCsv('name,club\n"Asha ""Ace"" Rao","""Ace"" Club"\n"Ben Ode","Pune ""B"""\n', 'singles');
    assert.deepEqual(e.map((x) => [x.name, x.players[0].club]), [['Asha "Ace" Rao', '"Ace" Club'], ['Ben Ode', 'Pune "B"']]);
  });

  it('keeps a quote inside a cell that does not begin with one as it is, and the last line without its line end, empty last cell included', () => {
    const e = parseEntrantsCsv('name,club\nAsha "Ace" Rao,Pune\n  \nBen Ode,', 'singles');
    assert.deepEqual(e.map((x) => [x.name, x.players[0].club]), [['Asha "Ace" Rao', 'Pune'], ['Ben Ode', null]], 'the quote kept, the line of spaces skipped as blank, the last line read');
  });

  it('seeds equal ratings in the file\'s order, the unrated after the rated, also in the file\'s order', () => {
    const e = parseEntrantsCsv('name,rating\nA,1500\nB,\nC,1600\nD,1500\nE,\nF,1500\n', 'singles');
    assert.deepEqual(e.map((x) => [x.seed, x.name]), [[1, 'C'], [2, 'A'], [3, 'D'], [4, 'F'], [5, 'B'], [6, 'E']]);
  });

  it('takes a team with one rated partner as unrated: its rating is its players\' sum only when both have one', () => {
    const e = parseEntrantsCsv('name,rating,partner,partnerRating\nAsha,2000,Ben,\nCleo,1000,Dev,900\nEli,,Fay,1200\n', 'doubles');
    // Cleo & Dev (1900) first; Asha's 2000 alone does not make Asha & Ben's rating.
    assert.deepEqual(e.map((x) => [x.seed, x.name]), [[1, 'Cleo & Dev'], [2, 'Asha & Ben'], [3, 'Eli & Fay']]);
    assert.deepEqual(e[1].players.map((p) => p.rating), [2000, null], 'each player keeps their own rating');
  });

  it('takes a name of exactly 40 characters (one beyond U+FFFF counting one, as the JSON interface counts), and refuses 41', () => {
    const forty = `${'x'.repeat(38)} \u{20B9F}`;
    assert.equal([...forty].length, 40);
    assert.deepEqual(parseEntrantsCsv(`name\n${forty}\n`, 'singles').map((x) => x.name), [forty]);
    assert.throws(() => parseEntrantsCsv(`name\nx${forty}\n`, 'singles'), /line 2: "x+ \u{20B9F}" is longer than 40 characters/u);
    // A team's two names joined by " & " are the name: 18 + 3 + 19 = 40.
    const team = parseEntrantsCsv(`name,partner\n${'a'.repeat(18)},${'b'.repeat(19)}\n`, 'doubles');
    assert.equal(team[0].name.length, 40);
    assert.throws(() => parseEntrantsCsv(`name,partner\n${'a'.repeat(18)},${'b'.repeat(20)}\n`, 'doubles'), /line 2: "a+ & b+" is longer than 40 characters/);
    // First and last names and the club at their caps (40, 40, 120), and one over.
    const full = parseEntrantsCsv(`firstname,lastname,club\n${'f'.repeat(19)},${'l'.repeat(20)},${'c'.repeat(120)}\n`, 'singles');
    assert.equal(full[0].players[0].club, 'c'.repeat(120));
    assert.deepEqual(parseEntrantsCsv(`name,firstname,lastname\nF L,${'f'.repeat(40)},${'l'.repeat(40)}\n`, 'singles')[0].players[0].lastName, 'l'.repeat(40));
    assert.throws(() => parseEntrantsCsv(`lastname,club\nRao,${'c'.repeat(121)}\n`, 'singles'), /line 2: club "c+…" is longer than 120 characters/);
    assert.throws(() => parseEntrantsCsv(`name,firstname,lastname\nF L,${'f'.repeat(41)},Rao\n`, 'singles'), /line 2: firstname "f+…" is longer than 40 characters/);
  });

  it('takes "," as the separator when the header has as many of "," as of ";" (none, in a header of one column)', () => {
    // One column: "Rao; Asha" is one name, and "Rao, Asha" two cells, refused naming the line.
    assert.deepEqual(parseEntrantsCsv('name\nRao; Asha\n', 'singles').map((x) => x.name), ['Rao; Asha']);
    assert.throws(() => parseEntrantsCsv('name\nRao, Asha\n', 'singles'), /^TournamentError: line 2: 2 columns, the header has 1$/);
    // One of each: "," again (the header then reads as the columns "name;club" and "rating").
    assert.throws(() => parseEntrantsCsv('name;club,rating\nAsha;Pune,1500\n', 'singles'), /line 1: unknown column "name;club"/);
    // One more ";" than ",": ";".
    assert.deepEqual(parseEntrantsCsv('name;club;rating\nRao, Asha;Pune;1500\n', 'singles').map((x) => x.name), ['Rao, Asha']);
  });

  it('caps the file at 2,000 lines (a line end at the very end starts no line) and 1,000 entrants, as TooLarge', () => {
    const names = Array.from({ length: 1000 }, (_, i) => `P${i + 1}`);
    const atCap = `name\n${names.join('\n')}\n${'\n'.repeat(998)}\n`;
    assert.equal(parseEntrantsCsv(atCap, 'singles').length, 1000, 'a header, 1,000 entrants and 999 blank lines: 2,000 lines');
    assert.throws(() => parseEntrantsCsv(`${atCap}\n`, 'singles'), { name: 'TooLarge', message: 'the file has more than 2000 lines, the cap (a header and at most 1000 entrants, blank lines included)' });
    assert.throws(() => parseEntrantsCsv(`name\n${names.join('\n')}\nP1001\n`, 'singles'), { name: 'TooLarge', message: 'line 1002: more than 1000 entrants, the cap of a tournament' });
  });

  it('names every column it knows when it refuses one, and the doubled column as written, spaces aside', () => {
    assert.throws(() => parseEntrantsCsv('name,team\nAsha,A\n', 'singles'), { message: 'line 1: unknown column "team" (the columns are name, firstname, lastname, club, nationality, rating, partner, partnerFirstname, partnerLastname, partnerClub, partnerNationality, partnerRating)' });
    assert.throws(() => parseEntrantsCsv('name,club, Club \nAsha,A,B\n', 'singles'), { message: 'line 1: the column "Club" is there twice' });
    assert.throws(() => parseEntrantsCsv(' club , Name \nA, Asha\nB,\n', 'singles'), { message: 'line 3: the player has no name' });
  });

  it('trims the header\'s cells and every cell read; a last name alone is the name', () => {
    const e = parseEntrantsCsv(' Name , Club \n Asha Rao ,  Pune  \n', 'singles');
    assert.deepEqual(e[0].players[0], { name: 'Asha Rao', firstName: 'Asha', lastName: 'Rao', club: 'Pune', nationality: null, rating: null });
    assert.deepEqual(parseEntrantsCsv('lastname,firstname\nRao,\n', 'singles').map((x) => x.name), ['Rao']);
  });

  it('refuses a line of empty cells (no name), and a partner\'s details without the partner, saying so', () => {
    assert.throws(() => parseEntrantsCsv('name,club\nAsha,Pune\n,\n', 'singles'), { message: 'line 3: no name' });
    assert.throws(() => parseEntrantsCsv('name,partner,partnerClub\nAsha,,Pune\n', 'doubles'), { message: 'line 2: the partner player has no name' });
  });

  it('shows the first characters of a club too long, and the cap', () => {
    const club = 'c'.repeat(121);
    assert.throws(() => parseEntrantsCsv(`name,club\nAsha,${club}\n`, 'singles'), { message: `line 2: club "${'c'.repeat(120)}…" is longer than 120 characters` });
  });

  it('counts a blank first line among the lines', () => {
    const names = Array.from({ length: 1000 }, (_, i) => `P${i + 1}`);
    assert.throws(() => parseEntrantsCsv(`\nname\n${names.join('\n')}\n${'\n'.repeat(998)}\n`, 'singles'), { name: 'TooLarge' });
  });

  it('drops only the byte order mark that begins the file, keeps a carriage return inside a cell, and reads a last line without its line end', () => {
    const e = parseEntrantsCsv('\uFEFFname,club\nAsha,Pu\uFEFFne\nBen,Goa\rCC\nCleo,Lyon', 'singles');
    assert.deepEqual(e.map((x) => [x.name, x.players[0].club]), [['Asha', 'Pu\uFEFFne'], ['Ben', 'Goa\rCC'], ['Cleo', 'Lyon']]);
    assert.deepEqual(parseEntrantsCsv('name\nAsha\nBen', 'singles').map((x) => x.name), ['Asha', 'Ben']);
    assert.equal(parseEntrantsCsv('name,club\nAsha,Pu\uFEFFne\n', 'singles')[0].players[0].club, 'Pu\uFEFFne', 'no byte order mark at the start: nothing dropped');
  });

  it('seeds by rating when every entrant has one', () => {
    assert.deepEqual(parseEntrantsCsv('name,rating\nA,1400\nB,1500\nC,1600\n', 'singles').map((x) => x.name), ['C', 'B', 'A']);
  });

  it('counts lines across a quoted line break', () => {
    assert.throws(() => parseEntrantsCsv('name,club\n"Asha","Mumbai\nCC"\nBen\n', 'singles'), /line 4: 1 columns/);
  });
});

describe('tournament: pairings and standings as CSV', () => {
  const es = entrants('Asha', '=Ben', 'Cleo');
  const t = tournament('swiss', es, { tables: ['T1'] });
  // Drawn before each test, not as the file loads (see standings.test.ts).
  let r1: Match[];
  beforeEach(() => { r1 = play(drawNextRound(t), { 'Asha-=Ben': [25, 10] }); });

  it('writes the pairings with names, the bye as "bye", and guards a name a spreadsheet would run', () => {
    assert.equal(pairingsCsv(r1, es), [
      'round,board,table,a,b,breaker,scoreA,scoreB,source,corrected,replayedFrom',
      "1,1,T1,Asha,'=Ben,Asha,25,10,,,",
      '1,2,,Cleo,bye,,25,0,bye,,',
      '',
    ].join('\r\n'));
  });

  it('marks a corrected result and a replay in the pairings, as the pages do', () => {
    const [m] = r1;
    const lines = pairingsCsv([{ ...m, source: 'hand', corrected: true, replayedFrom: 'T2' }], es).split('\r\n');
    assert.equal(lines[1], "1,1,T1,Asha,'=Ben,Asha,25,10,hand,yes,T2");
  });

  it('names the breaker on either side, and leaves an unplayed match\'s scores empty, by name not id', () => {
    const named = [{ id: '7', name: 'Asha', seed: 1, withdrawn: false }, { id: '8', name: 'Ben', seed: 2, withdrawn: false }];
    const m: Match = { round: 2, a: '7', b: '8', table: 'T3', breaker: 'b', result: null };
    assert.equal(pairingsCsv([m], named).split('\r\n')[1], '2,1,T3,Asha,Ben,Ben,,,,,');
    assert.equal(pairingsCsv([{ ...m, breaker: 'a', result: { a: 5, b: 25 } }], named).split('\r\n')[1], '2,1,T3,Asha,Ben,Asha,5,25,,,');
  });

  it('writes the standings without clubs, a withdrawn entrant marked "yes"', () => {
    const s = standings(es.map((e) => (e.id === 'Cleo' ? { ...e, withdrawn: true } : e)), r1);
    assert.deepEqual(standingsCsv(s).split('\r\n').slice(1, 4), ['1,Cleo,,2,0,25,25,1,1,0,0,1,yes', '2,Asha,,2,0,15,25,1,1,0,0,0,', "3,'=Ben,,0,2,-15,10,1,0,0,1,0,"]);
  });

  it('writes the standings with their tie-breaks and each one\'s club', () => {
    const text = standingsCsv(standings(es, r1), new Map([['Asha', 'Mumbai CC']]));
    assert.equal(text.split('\r\n')[0], 'rank,name,club,points,bucholz,netscore,totscore,played,won,drawn,lost,byes,withdrawn');
    assert.deepEqual(text.split('\r\n').slice(1, 4), ['1,Cleo,,2,0,25,25,1,1,0,0,1,', '2,Asha,Mumbai CC,2,0,15,25,1,1,0,0,0,', "3,'=Ben,,0,2,-15,10,1,0,0,1,0,"]);
  });
});
