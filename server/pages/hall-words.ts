// The tournament pages' words (the hall's big screen, the printable pages) in the table's six languages,
// merged into PAGE_WORDS (words.ts) so that club.js has one table of words. {0}, {1}, … as there.

type Words = Readonly<Record<string, string>>;

const EN: Words = {
  countedPartial: 'After round {0}, and {1} of the {2} results of round {3}', countedFirst: '{0} of the {1} results of round {2}', sheetTieBreak: 'tie-break', sheetTarget: 'match to {0} points', sheetBoards: 'boards at most: {0}', sheetGames: 'games: {0}',
  tournaments: 'Tournaments',
  hallTitle: 'Tournament: the hall', pairingsTitle: 'Tournament: pairings', standingsTitle: 'Tournament: standings', sheetsTitle: 'Tournament: score sheets',
  round: 'Round {0}', roundOf: 'Round {0} of {1}', draft: 'draft, not published', noRound: 'No round is published yet.',
  toFinish: 'Still to finish', allDone: 'Every match of this round has its result.', nextDraw: 'The next round is drawn once every result is in.',
  waitingTable: 'waiting for a table', bye: 'bye', byeLine: 'Bye: {0}', breaks: '{0} breaks', inPlay: 'board {0} in play', tableScore: 'the table’s score',
  byHand: 'entered by hand', walkover: 'walkover', corrected: 'corrected', final: 'final ranking', notFound: 'No such tournament or round.',
  colRank: 'Rank', colBoardNo: 'Match', colTable: 'Table', colA: 'Player', colB: 'Opponent', colBucholz: 'Bucholz', colNet: 'Net', colTotal: 'Total',
  colPlayed: 'Played', colWon: 'Won', colDrawn: 'Drawn', colLost: 'Lost', withdrawn: 'withdrawn', after: 'after round {0}',
  sheetResult: 'Final score', sheetSigned: 'Signed', print: 'Print',
  matchDone: 'finished', otherMatch: 'the table is playing another match', replayedOn: 'replayed on table {0} instead of {1}',
};

const PT: Words = {
  countedPartial: 'Após a ronda {0}, e {1} dos {2} resultados da ronda {3}', countedFirst: '{0} dos {1} resultados da ronda {2}', sheetTieBreak: 'desempate', sheetTarget: 'jogo a {0} pontos', sheetBoards: 'boards no máximo: {0}', sheetGames: 'partidas: {0}',
  tournaments: 'Torneios',
  hallTitle: 'Torneio: a sala', pairingsTitle: 'Torneio: emparelhamentos', standingsTitle: 'Torneio: classificação', sheetsTitle: 'Torneio: folhas de pontuação',
  round: 'Ronda {0}', roundOf: 'Ronda {0} de {1}', draft: 'rascunho, não publicado', noRound: 'Ainda não há ronda publicada.',
  toFinish: 'Por terminar', allDone: 'Todos os jogos desta ronda têm resultado.', nextDraw: 'A próxima ronda é sorteada quando houver todos os resultados.',
  waitingTable: 'à espera de mesa', bye: 'isento', byeLine: 'Isento: {0}', breaks: 'abre {0}', inPlay: 'board {0} em jogo', tableScore: 'pontuação da mesa',
  byHand: 'introduzido à mão', walkover: 'falta de comparência', corrected: 'corrigido', final: 'classificação final', notFound: 'Torneio ou ronda inexistente.',
  colRank: 'Lugar', colBoardNo: 'Encontro', colTable: 'Mesa', colA: 'Jogador', colB: 'Adversário', colBucholz: 'Bucholz', colNet: 'Saldo', colTotal: 'Total',
  colPlayed: 'Jogados', colWon: 'Ganhos', colDrawn: 'Empates', colLost: 'Perdidos', withdrawn: 'desistiu', after: 'após a ronda {0}',
  sheetResult: 'Resultado final', sheetSigned: 'Assinaturas', print: 'Imprimir',
  matchDone: 'terminado', otherMatch: 'a mesa está a jogar outro jogo', replayedOn: 'repetido na mesa {0} em vez da {1}',
};

const SL: Words = {
  countedPartial: 'Po krogu {0} ter {1} od {2} izidov kroga {3}', countedFirst: '{0} od {1} izidov kroga {2}', sheetTieBreak: 'odločilna igra', sheetTarget: 'tekma do {0} točk', sheetBoards: 'iger največ: {0}', sheetGames: 'delov: {0}',
  tournaments: 'Turnirji',
  hallTitle: 'Turnir: dvorana', pairingsTitle: 'Turnir: pari', standingsTitle: 'Turnir: lestvica', sheetsTitle: 'Turnir: zapisniki',
  round: 'Krog {0}', roundOf: 'Krog {0} od {1}', draft: 'osnutek, ni objavljen', noRound: 'Noben krog še ni objavljen.',
  toFinish: 'Še niso končani', allDone: 'Vsi matchi tega kroga imajo rezultat.', nextDraw: 'Naslednji krog se žreba, ko so vsi rezultati znani.',
  waitingTable: 'čaka na mizo', bye: 'prost', byeLine: 'Prost: {0}', breaks: 'razbija {0}', inPlay: 'v teku igra {0}', tableScore: 'rezultat mize',
  byHand: 'vnesen ročno', walkover: 'brez boja', corrected: 'popravljen', final: 'končna lestvica', notFound: 'Tega turnirja ali kroga ni.',
  colRank: 'Mesto', colBoardNo: 'Par', colTable: 'Miza', colA: 'Igralec', colB: 'Nasprotnik', colBucholz: 'Bucholz', colNet: 'Razlika', colTotal: 'Skupaj',
  colPlayed: 'Odigrani', colWon: 'Zmage', colDrawn: 'Neodločeno', colLost: 'Porazi', withdrawn: 'odstopil', after: 'po krogu {0}',
  sheetResult: 'Končni rezultat', sheetSigned: 'Podpisi', print: 'Natisni',
  matchDone: 'končan', otherMatch: 'miza igra drug match', replayedOn: 'ponovljen na mizi {0} namesto {1}',
};

const IT: Words = {
  countedPartial: 'Dopo il turno {0}, e {1} dei {2} risultati del turno {3}', countedFirst: '{0} dei {1} risultati del turno {2}', sheetTieBreak: 'spareggio', sheetTarget: 'incontro a {0} punti', sheetBoards: 'partite al massimo: {0}', sheetGames: 'giochi: {0}',
  tournaments: 'Tornei',
  hallTitle: 'Torneo: la sala', pairingsTitle: 'Torneo: abbinamenti', standingsTitle: 'Torneo: classifica', sheetsTitle: 'Torneo: referti',
  round: 'Turno {0}', roundOf: 'Turno {0} di {1}', draft: 'bozza, non pubblicato', noRound: 'Nessun turno ancora pubblicato.',
  toFinish: 'Ancora da finire', allDone: 'Ogni incontro di questo turno ha il suo risultato.', nextDraw: 'Il turno seguente si sorteggia quando ci sono tutti i risultati.',
  waitingTable: 'in attesa di un tavolo', bye: 'riposo', byeLine: 'Riposo: {0}', breaks: 'apre {0}', inPlay: 'partita {0} in corso', tableScore: 'punteggio del tavolo',
  byHand: 'inserito a mano', walkover: 'vittoria a tavolino', corrected: 'corretto', final: 'classifica finale', notFound: 'Torneo o turno inesistente.',
  colRank: 'Pos.', colBoardNo: 'Incontro', colTable: 'Tavolo', colA: 'Giocatore', colB: 'Avversario', colBucholz: 'Bucholz', colNet: 'Netto', colTotal: 'Totale',
  colPlayed: 'Giocati', colWon: 'Vinti', colDrawn: 'Pari', colLost: 'Persi', withdrawn: 'ritirato', after: 'dopo il turno {0}',
  sheetResult: 'Punteggio finale', sheetSigned: 'Firme', print: 'Stampa',
  matchDone: 'finito', otherMatch: 'il tavolo gioca un altro incontro', replayedOn: 'rigiocato al tavolo {0} invece del {1}',
};

const RO: Words = {
  countedPartial: 'După runda {0} și {1} din cele {2} rezultate ale rundei {3}', countedFirst: '{0} din cele {1} rezultate ale rundei {2}', sheetTieBreak: 'departajare', sheetTarget: 'meci la {0} puncte', sheetBoards: 'table cel mult: {0}', sheetGames: 'partide: {0}',
  tournaments: 'Turnee',
  hallTitle: 'Turneu: sala', pairingsTitle: 'Turneu: perechi', standingsTitle: 'Turneu: clasament', sheetsTitle: 'Turneu: fișe de scor',
  round: 'Runda {0}', roundOf: 'Runda {0} din {1}', draft: 'ciornă, nepublicată', noRound: 'Nicio rundă publicată încă.',
  toFinish: 'De terminat', allDone: 'Fiecare joc al acestei runde are rezultatul.', nextDraw: 'Runda următoare se trage când toate rezultatele sunt gata.',
  waitingTable: 'așteaptă o masă', bye: 'liber', byeLine: 'Liber: {0}', breaks: 'sparge {0}', inPlay: 'tabla {0} în joc', tableScore: 'scorul mesei',
  byHand: 'introdus de mână', walkover: 'neprezentare', corrected: 'corectat', final: 'clasament final', notFound: 'Nu există acest turneu sau această rundă.',
  colRank: 'Loc', colBoardNo: 'Joc', colTable: 'Masa', colA: 'Jucător', colB: 'Adversar', colBucholz: 'Bucholz', colNet: 'Net', colTotal: 'Total',
  colPlayed: 'Jucate', colWon: 'Câștigate', colDrawn: 'Egale', colLost: 'Pierdute', withdrawn: 'retras', after: 'după runda {0}',
  sheetResult: 'Scor final', sheetSigned: 'Semnături', print: 'Tipărește',
  matchDone: 'terminat', otherMatch: 'masa joacă alt joc', replayedOn: 'rejucat la masa {0} în loc de {1}',
};

const SV: Words = {
  countedPartial: 'Efter rond {0}, och {1} av {2} resultat i rond {3}', countedFirst: '{0} av {1} resultat i rond {2}', sheetTieBreak: 'avgörande omgång', sheetTarget: 'match till {0} poäng', sheetBoards: 'högst antal omgångar: {0}', sheetGames: 'partier: {0}',
  tournaments: 'Turneringar',
  hallTitle: 'Turnering: hallen', pairingsTitle: 'Turnering: lottning', standingsTitle: 'Turnering: ställning', sheetsTitle: 'Turnering: protokoll',
  round: 'Rond {0}', roundOf: 'Rond {0} av {1}', draft: 'utkast, inte publicerad', noRound: 'Ingen rond är publicerad än.',
  toFinish: 'Kvar att spela', allDone: 'Varje match i ronden har sitt resultat.', nextDraw: 'Nästa rond lottas när alla resultat är inne.',
  waitingTable: 'väntar på ett bord', bye: 'frirond', byeLine: 'Frirond: {0}', breaks: '{0} bryter', inPlay: 'omgång {0} pågår', tableScore: 'bordets resultat',
  byHand: 'inmatat för hand', walkover: 'walkover', corrected: 'rättat', final: 'slutställning', notFound: 'Ingen sådan turnering eller rond.',
  colRank: 'Plats', colBoardNo: 'Match', colTable: 'Bord', colA: 'Spelare', colB: 'Motståndare', colBucholz: 'Bucholz', colNet: 'Netto', colTotal: 'Totalt',
  colPlayed: 'Spelade', colWon: 'Vunna', colDrawn: 'Oavgjorda', colLost: 'Förlorade', withdrawn: 'utgått', after: 'efter rond {0}',
  sheetResult: 'Slutresultat', sheetSigned: 'Underskrifter', print: 'Skriv ut',
  matchDone: 'klar', otherMatch: 'bordet spelar en annan match', replayedOn: 'spelas om vid bord {0} i stället för {1}',
};

export const TOURNAMENT_WORDS = Object.freeze({ en: EN, pt: PT, sl: SL, it: IT, ro: RO, sv: SV });
