// The club pages' words in the table's six languages (docs/languages.md): the browser's language, or the
// one chosen on the page. {0}, {1}, … are filled in by club.js. English counts boards in the singular and
// plural; the others say the count after a colon, so that no language's plural rules are needed.
import { BRACKET_WORDS } from './bracket-words.ts';
import { TOURNAMENT_WORDS } from './hall-words.ts';
import { ORGANISER_WORDS } from './organiser-words.ts';
import { OVERLAY_WORDS } from './overlay-words.ts';
import { SHOTS_WORDS } from './shots-words.ts';

export const PAGE_LANGUAGES = Object.freeze(['en', 'pt', 'sl', 'it', 'ro', 'sv'] as const);
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** Each language by its own name, for the chooser. */
export const PAGE_LANGUAGE_NAMES: Readonly<Record<PageLanguage, string>> = Object.freeze({
  en: 'English', pt: 'Português', sl: 'Slovenščina', it: 'Italiano', ro: 'Română', sv: 'Svenska',
});

type Words = Readonly<Record<string, string>>;

const EN: Words = {
  scrollHint: 'More columns: scroll the table sideways →',
  language: 'Language', tables: 'Tables', leaderboard: 'Leaderboard', live: 'live', connecting: 'connecting…', reconnecting: 'reconnecting…',
  clubTitle: 'Carrom results', leaderboardTitle: 'Carrom results: leaderboard', table: 'Table {0}', tableTitle: 'Carrom results: table {0}',
  refusedTitle: 'Refused by the federation', refusedText: 'These records are stored here, but the federation server refused them and they are not sent again.',
  unreadable: 'The results cannot be read just now; trying again…', refusedRecord: 'Table {0}, record {1}',
  noTables: 'No tables yet: register one with', noResult: 'No result yet.', noTableResult: 'No result from this table yet.',
  matchOver: 'Match over: {0} wins', matchOverNone: 'Match over: no winner',
  played1: '1 board played, board {1} in play', playedN: '{0} boards played, board {1} in play',
  abandoned1: 'Match abandoned after 1 board', abandonedN: 'Match abandoned after {0} boards',
  games: 'games {0}', thisGameAbove: ', this game above', over: ' (over)', abandoned: ' (abandoned)',
  rulesLine: 'Rules {0}, {1}; last record {2} at {3}', singles: 'singles', doubles: 'doubles', three: 'three players',
  colBoard: 'Board', colGame: 'Game', colBreaker: 'Breaker', colWinner: 'Winner', colPoints: 'Points', colQueen: 'Queen', colMenLeft: 'Men left', colTurns: 'Turns', colShots: 'Shots',
  colPlayer: 'Player', colMatchesWon: 'Matches won', colMatches: 'Matches', colBoardsWon: 'Boards won', colBoards: 'Boards',
};

const PT: Words = {
  scrollHint: 'Mais colunas: deslize a tabela para o lado →',
  language: 'Língua', tables: 'Mesas', leaderboard: 'Classificação', live: 'ao vivo', connecting: 'a ligar…', reconnecting: 'a religar…',
  clubTitle: 'Resultados de carrom', leaderboardTitle: 'Resultados de carrom: classificação', table: 'Mesa {0}', tableTitle: 'Resultados de carrom: mesa {0}',
  refusedTitle: 'Recusados pela federação', refusedText: 'Estes registos estão guardados aqui, mas o servidor da federação recusou-os e não voltam a ser enviados.',
  unreadable: 'Os resultados não podem ser lidos agora; a tentar de novo…', refusedRecord: 'Mesa {0}, registo {1}',
  noTables: 'Ainda não há mesas: registe uma com', noResult: 'Ainda sem resultados.', noTableResult: 'Esta mesa ainda não tem resultados.',
  matchOver: 'Jogo terminado: ganha {0}', matchOverNone: 'Jogo terminado: sem vencedor',
  played1: 'boards jogados: 1; board {1} em jogo', playedN: 'boards jogados: {0}; board {1} em jogo',
  abandoned1: 'Jogo abandonado (boards jogados: 1)', abandonedN: 'Jogo abandonado (boards jogados: {0})',
  games: 'partidas {0}', thisGameAbove: ', esta partida acima', over: ' (terminado)', abandoned: ' (abandonado)',
  rulesLine: 'Regras {0}, {1}; último registo {2} às {3}', singles: 'individual', doubles: 'pares', three: 'três jogadores',
  colBoard: 'Board', colGame: 'Partida', colBreaker: 'Abre', colWinner: 'Vencedor', colPoints: 'Pontos', colQueen: 'Rainha', colMenLeft: 'Pedras restantes', colTurns: 'Vezes', colShots: 'Disparos',
  colPlayer: 'Jogador', colMatchesWon: 'Jogos ganhos', colMatches: 'Jogos', colBoardsWon: 'Boards ganhos', colBoards: 'Boards',
};

const SL: Words = {
  scrollHint: 'Več stolpcev: tabelo podrsajte vstran →',
  language: 'Jezik', tables: 'Mize', leaderboard: 'Lestvica', live: 'v živo', connecting: 'povezujem…', reconnecting: 'ponovno povezujem…',
  clubTitle: 'Rezultati karoma', leaderboardTitle: 'Rezultati karoma: lestvica', table: 'Miza {0}', tableTitle: 'Rezultati karoma: miza {0}',
  refusedTitle: 'Zavrnila jih je zveza', refusedText: 'Ti zapisi so shranjeni tukaj, a strežnik zveze jih je zavrnil, zato se ne pošiljajo več.',
  unreadable: 'Rezultatov trenutno ni mogoče prebrati; poskušam znova…', refusedRecord: 'Miza {0}, zapis {1}',
  noTables: 'Še ni miz: dodajte jo z', noResult: 'Še ni rezultata.', noTableResult: 'Ta miza še nima rezultata.',
  matchOver: 'Match končan: zmaga {0}', matchOverNone: 'Match končan: brez zmagovalca',
  played1: 'odigranih iger: 1; v teku igra {1}', playedN: 'odigranih iger: {0}; v teku igra {1}',
  abandoned1: 'Match opuščen (odigranih iger: 1)', abandonedN: 'Match opuščen (odigranih iger: {0})',
  games: 'deli {0}', thisGameAbove: ', ta del zgoraj', over: ' (končan)', abandoned: ' (opuščen)',
  rulesLine: 'Pravila {0}, {1}; zadnji zapis {2} ob {3}', singles: 'posamezno', doubles: 'dvojice', three: 'trije igralci',
  colBoard: 'Igra', colGame: 'Del', colBreaker: 'Razbija', colWinner: 'Zmagovalec', colPoints: 'Točke', colQueen: 'Kraljica', colMenLeft: 'Preostale ploščice', colTurns: 'Poteze', colShots: 'Udarci',
  colPlayer: 'Igralec', colMatchesWon: 'Dobljeni matchi', colMatches: 'Matchi', colBoardsWon: 'Dobljene igre', colBoards: 'Igre',
};

const IT: Words = {
  scrollHint: 'Altre colonne: scorri la tabella di lato →',
  language: 'Lingua', tables: 'Tavoli', leaderboard: 'Classifica', live: 'in diretta', connecting: 'connessione…', reconnecting: 'riconnessione…',
  clubTitle: 'Risultati di carrom', leaderboardTitle: 'Risultati di carrom: classifica', table: 'Tavolo {0}', tableTitle: 'Risultati di carrom: tavolo {0}',
  refusedTitle: 'Rifiutati dalla federazione', refusedText: 'Questi risultati sono conservati qui, ma il server della federazione li ha rifiutati e non vengono più inviati.',
  unreadable: 'I risultati non si possono leggere ora; nuovo tentativo…', refusedRecord: 'Tavolo {0}, risultato {1}',
  noTables: 'Ancora nessun tavolo: registratene uno con', noResult: 'Ancora nessun risultato.', noTableResult: 'Ancora nessun risultato da questo tavolo.',
  matchOver: 'Incontro finito: vince {0}', matchOverNone: 'Incontro finito: nessun vincitore',
  played1: 'partite giocate: 1; partita {1} in corso', playedN: 'partite giocate: {0}; partita {1} in corso',
  abandoned1: 'Incontro abbandonato (partite giocate: 1)', abandonedN: 'Incontro abbandonato (partite giocate: {0})',
  games: 'giochi {0}', thisGameAbove: ', questo gioco sopra', over: ' (finito)', abandoned: ' (abbandonato)',
  rulesLine: 'Regole {0}, {1}; ultima registrazione {2} alle {3}', singles: 'singolo', doubles: 'doppio', three: 'tre giocatori',
  colBoard: 'Partita', colGame: 'Gioco', colBreaker: 'Apre', colWinner: 'Vincitore', colPoints: 'Punti', colQueen: 'Regina', colMenLeft: 'Pedine rimaste', colTurns: 'Turni', colShots: 'Tiri',
  colPlayer: 'Giocatore', colMatchesWon: 'Incontri vinti', colMatches: 'Incontri', colBoardsWon: 'Partite vinte', colBoards: 'Partite',
};

const RO: Words = {
  scrollHint: 'Mai multe coloane: derulați tabelul lateral →',
  language: 'Limba', tables: 'Mese', leaderboard: 'Clasament', live: 'în direct', connecting: 'conectare…', reconnecting: 'reconectare…',
  clubTitle: 'Rezultate carrom', leaderboardTitle: 'Rezultate carrom: clasament', table: 'Masa {0}', tableTitle: 'Rezultate carrom: masa {0}',
  refusedTitle: 'Refuzate de federație', refusedText: 'Aceste înregistrări sunt păstrate aici, dar serverul federației le-a refuzat și nu mai sunt trimise.',
  unreadable: 'Rezultatele nu pot fi citite acum; se încearcă din nou…', refusedRecord: 'Masa {0}, înregistrarea {1}',
  noTables: 'Încă nicio masă: înregistrați una cu', noResult: 'Încă niciun rezultat.', noTableResult: 'Încă niciun rezultat de la această masă.',
  matchOver: 'Joc încheiat: câștigă {0}', matchOverNone: 'Joc încheiat: fără câștigător',
  played1: 'table jucate: 1; tabla {1} în joc', playedN: 'table jucate: {0}; tabla {1} în joc',
  abandoned1: 'Joc abandonat (table jucate: 1)', abandonedN: 'Joc abandonat (table jucate: {0})',
  games: 'partide {0}', thisGameAbove: ', partida aceasta mai sus', over: ' (încheiat)', abandoned: ' (abandonat)',
  rulesLine: 'Reguli {0}, {1}; ultima înregistrare {2} la {3}', singles: 'simplu', doubles: 'dublu', three: 'trei jucători',
  colBoard: 'Tabla', colGame: 'Partida', colBreaker: 'Sparge', colWinner: 'Câștigător', colPoints: 'Puncte', colQueen: 'Regina', colMenLeft: 'Piese rămase', colTurns: 'Ture', colShots: 'Lovituri',
  colPlayer: 'Jucător', colMatchesWon: 'Jocuri câștigate', colMatches: 'Jocuri', colBoardsWon: 'Table câștigate', colBoards: 'Table',
};

const SV: Words = {
  scrollHint: 'Fler kolumner: rulla tabellen i sidled →',
  language: 'Språk', tables: 'Bord', leaderboard: 'Topplista', live: 'live', connecting: 'ansluter…', reconnecting: 'återansluter…',
  clubTitle: 'Carromresultat', leaderboardTitle: 'Carromresultat: topplista', table: 'Bord {0}', tableTitle: 'Carromresultat: bord {0}',
  refusedTitle: 'Avvisade av förbundet', refusedText: 'De här posterna finns sparade här, men förbundets server avvisade dem och de skickas inte igen.',
  unreadable: 'Resultaten kan inte läsas just nu; försöker igen…', refusedRecord: 'Bord {0}, post {1}',
  noTables: 'Inga bord än: registrera ett med', noResult: 'Inget resultat än.', noTableResult: 'Inget resultat från det här bordet än.',
  matchOver: 'Matchen slut: {0} vinner', matchOverNone: 'Matchen slut: ingen vinnare',
  played1: 'spelade omgångar: 1; omgång {1} pågår', playedN: 'spelade omgångar: {0}; omgång {1} pågår',
  abandoned1: 'Matchen avbruten (spelade omgångar: 1)', abandonedN: 'Matchen avbruten (spelade omgångar: {0})',
  games: 'partier {0}', thisGameAbove: ', detta parti ovan', over: ' (slut)', abandoned: ' (avbruten)',
  rulesLine: 'Regler {0}, {1}; senaste post {2} kl. {3}', singles: 'singel', doubles: 'dubbel', three: 'tre spelare',
  colBoard: 'Omgång', colGame: 'Parti', colBreaker: 'Bryter', colWinner: 'Vinnare', colPoints: 'Poäng', colQueen: 'Drottning', colMenLeft: 'Pjäser kvar', colTurns: 'Turer', colShots: 'Skott',
  colPlayer: 'Spelare', colMatchesWon: 'Vunna matcher', colMatches: 'Matcher', colBoardsWon: 'Vunna omgångar', colBoards: 'Omgångar',
};

/** The pages' word sets, each one page family's; a key in two of them would silently take the later
 * one's word on the other's page (test/server/pages/page-words.test.ts refuses it). */
export const PAGE_WORD_SETS: Readonly<Record<string, Readonly<Record<PageLanguage, Words>>>> = Object.freeze({
  club: { en: EN, pt: PT, sl: SL, it: IT, ro: RO, sv: SV },
  hall: TOURNAMENT_WORDS,
  bracket: BRACKET_WORDS,
  organiser: ORGANISER_WORDS,
  overlay: OVERLAY_WORDS,
  shots: SHOTS_WORDS,
});

const joined = (lang: PageLanguage): Words => Object.assign({}, ...Object.values(PAGE_WORD_SETS).map((set) => set[lang])) as Words;

export const PAGE_WORDS: Readonly<Record<PageLanguage, Words>> = Object.freeze({
  en: joined('en'), pt: joined('pt'), sl: joined('sl'), it: joined('it'), ro: joined('ro'), sv: joined('sv'),
});
