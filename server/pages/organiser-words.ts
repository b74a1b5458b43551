// The organiser's pages' words (docs/tournament.md §8: /tournaments and /tournaments/<id>), merged into
// PAGE_WORDS (words.ts). English only for now: club.js falls back to English for a word a language lacks,
// so a language added here later needs no other change. {0}, {1}, … as in words.ts.

export const ORGANISER_WORDS: Readonly<Record<string, string>> = Object.freeze({
  listTitle: 'Tournaments', orgTitle: 'Tournament', loggedIn: 'Logged in as {0}.', logOut: 'Log out',
  logInToChange: 'Log in as an organiser to change a tournament.', logIn: 'Log in',
  noTournaments: 'No tournament yet.', colName: 'Name', colDate: 'Date', colSystem: 'System', colStatus: 'Status', colRound: 'Round',
  create: 'Create a tournament', createIt: 'Create', fName: 'Name', fDate: 'Date', fRules: 'Rules preset', fOptions: 'The preset\u2019s options (JSON, e.g. {"matchTarget": 25})',
  fMode: 'Mode', fSystem: 'System', fCouplings: 'Couplings (Swiss)', fRounds: 'Rounds (Swiss)', fTables: 'Tables in use', noRegistered: 'No table is registered: carrom serve --add-table ID.',
  swiss: 'Swiss', knockout: 'knockout', 'all-play-all': 'all-play-all', registration: 'registration', running: 'running', finished: 'finished',
  links: 'Pages and exports', hallLink: 'The hall', printPairings: 'Pairings (print)', printStandings: 'Standings (print)', printSheets: 'Score sheets (print)',
  bracketLink: 'Bracket', tablesLink: 'Tables: not reported, refused, unattached', pairingsCsv: 'Pairings CSV', standingsCsv: 'Standings CSV', solExport: 'SoL export (.sol)',
  summary: 'The tournament', change: 'Change the tournament', changeIt: 'Save the changes', aChanged: 'the tournament changed', sRules: 'Rules', sMode: 'Mode', sSystem: 'System', sRounds: 'Rounds', sTables: 'Tables', sStatus: 'Status', sRound: 'Round drawn',
  none: 'none', entrants: 'Entrants', noEntrants: 'Nobody is entered yet.', colSeed: 'Seed', colClub: 'Club', colNat: 'Nat.', colRating: 'Rating', colState: 'Entry',
  withdraw: 'Withdraw', withdrawnAfter: 'withdrawn after round {0}', lateEntry: 'late entry, round {0}',
  addEntrant: 'Enter a player', addLate: 'Enter a late entry', addIt: 'Enter', fClub: 'Club', fNat: 'Nationality (IND, ITA …)', fRating: 'Rating', fPartner: 'Partner\u2019s name', fPartnerClub: 'Partner\u2019s club',
  importCsv: 'Import the entry list (CSV)', fCsv: 'CSV: a header line (name,club,nationality,rating), then one player a line', fFile: 'or a file', importIt: 'Import',
  rounds: 'Rounds', noRounds: 'No round is drawn yet.', drawNext: 'Draw round {0}', roundStatus: 'Round {0}: {1}', draftStatus: 'draft, not published', publishedStatus: 'published', finishedStatus: 'finished',
  colStatusMatch: 'State', colResult: 'Result', waiting: 'waiting', assigned: 'fetched by its table', matchPlaying: 'playing', matchFinished: 'finished', refusedByTable: 'refused by its table: move it',
  swap: 'Swap two entrants', swapIt: 'Swap', fRematch: 'even if it makes a rematch', fFirst: 'Entrant', fSecond: 'with', move: 'Move a match to another table', moveIt: 'Move', fMatch: 'Match', fTable: 'Table',
  publish: 'Publish the round', discard: 'Discard the draft', correct: 'Enter or correct a result', fWhat: 'What', whatResult: 'the result, by hand', whatWalkover: 'a walkover',
  whatReplay: 'a replay on another table', fPoints: 'Points of {0}', fWinner: 'Winner', fReason: 'Reason (what happened)', correctIt: 'Save',
  standings: 'Standings', standingsAfter: 'After round {0}', log: 'Change log', noLog: 'Nothing changed yet.', byTable: 'table {0}', reasonIs: 'reason: {0}',
  done: 'Done: {0}.', refusedAnswer: 'Refused ({0}): {1}', notJson: 'Refused: the preset\u2019s options are not JSON ({0})', unreachable: 'The server did not answer: {0}',
  aEntered: '{0} entered', aImported: '{0} entrants imported', aWithdrawn: '{0} withdrawn', aDrawn: 'round {0} drawn, a draft until published', aSwapped: '{0} and {1} swapped', aMoved: 'match {0} moved to table {1}',
  aPublished: 'round {0} published', aDiscarded: 'round {0} discarded', aCorrected: 'match {0} saved', aCreated: 'tournament created',
});
