// The overlay's words (server/pages/browser/overlay.ts) in the table's six languages, merged into
// PAGE_WORDS (words.ts) as the other pages' are. {0} as there.
type Words = Readonly<Record<string, string>>;

const EN: Words = {
  ovTitle: 'Overlay: table {0}', ovWaiting: 'Waiting for table {0}…', ovHeld: 'The live feed waits for the table',
  ovBoard: 'Board {0}', ovOver: 'Match over', ovWins: 'Match over: {0} wins', ovToPlay: 'to play',
  ovQueenOn: 'Queen on the board', ovQueenPending: 'Queen pocketed by {0}, to cover', ovQueenCovered: 'Queen covered by {0}',
  ovOnBoard: 'On the board', ovWhite: 'white', ovBlack: 'black', ovQueen: 'queen',
};
const PT: Words = {
  ovTitle: 'Sobreposição: mesa {0}', ovWaiting: 'À espera da mesa {0}…', ovHeld: 'O direto espera pela mesa',
  ovBoard: 'Board {0}', ovOver: 'Jogo terminado', ovWins: 'Jogo terminado: vence {0}', ovToPlay: 'a jogar',
  ovQueenOn: 'Rainha no tabuleiro', ovQueenPending: 'Rainha embolsada por {0}, a cobrir', ovQueenCovered: 'Rainha coberta por {0}',
  ovOnBoard: 'No tabuleiro', ovWhite: 'brancas', ovBlack: 'pretas', ovQueen: 'rainha',
};
const SL: Words = {
  ovTitle: 'Prekrivanje: miza {0}', ovWaiting: 'Čakam na mizo {0}…', ovHeld: 'Prenos v živo čaka na mizo',
  ovBoard: 'Igra {0}', ovOver: 'Tekma končana', ovWins: 'Tekma končana: zmaga {0}', ovToPlay: 'na potezi',
  ovQueenOn: 'Kraljica na plošči', ovQueenPending: 'Kraljico je spravil {0}, še pokriti', ovQueenCovered: 'Kraljico je pokril {0}',
  ovOnBoard: 'Na plošči', ovWhite: 'bele', ovBlack: 'črne', ovQueen: 'kraljica',
};
const IT: Words = {
  ovTitle: 'Sovrimpressione: tavolo {0}', ovWaiting: 'In attesa del tavolo {0}…', ovHeld: 'La diretta attende il tavolo',
  ovBoard: 'Partita {0}', ovOver: 'Partita finita', ovWins: 'Partita finita: vince {0}', ovToPlay: 'al tiro',
  ovQueenOn: 'Regina sul tavoliere', ovQueenPending: 'Regina imbucata da {0}, da coprire', ovQueenCovered: 'Regina coperta da {0}',
  ovOnBoard: 'Sul tavoliere', ovWhite: 'bianche', ovBlack: 'nere', ovQueen: 'regina',
};
const RO: Words = {
  ovTitle: 'Suprapunere: masa {0}', ovWaiting: 'Se așteaptă masa {0}…', ovHeld: 'Transmisia în direct așteaptă masa',
  ovBoard: 'Tabla {0}', ovOver: 'Meci încheiat', ovWins: 'Meci încheiat: câștigă {0}', ovToPlay: 'la rând',
  ovQueenOn: 'Regina pe tablă', ovQueenPending: 'Regina băgată de {0}, de acoperit', ovQueenCovered: 'Regina acoperită de {0}',
  ovOnBoard: 'Pe tablă', ovWhite: 'albe', ovBlack: 'negre', ovQueen: 'regina',
};
const SV: Words = {
  ovTitle: 'Överlägg: bord {0}', ovWaiting: 'Väntar på bord {0}…', ovHeld: 'Direktflödet väntar på bordet',
  ovBoard: 'Omgång {0}', ovOver: 'Matchen slut', ovWins: 'Matchen slut: {0} vinner', ovToPlay: 'på tur',
  ovQueenOn: 'Drottningen på brädet', ovQueenPending: 'Drottningen sänkt av {0}, ska täckas', ovQueenCovered: 'Drottningen täckt av {0}',
  ovOnBoard: 'På brädet', ovWhite: 'vita', ovBlack: 'svarta', ovQueen: 'drottning',
};

export const OVERLAY_WORDS = Object.freeze({ en: EN, pt: PT, sl: SL, it: IT, ro: RO, sv: SV });
