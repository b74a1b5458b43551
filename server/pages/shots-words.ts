// The live shots' words (the hall, the table's and the club's pages: server/pages/browser/live-shots.ts)
// in the table's six languages, merged into PAGE_WORDS (words.ts). {0}, {1}, … as there. A shot is said
// as its parts joined: who shot, what fell and where, the calls, the queen, dues, a board's end, the score.

type Words = Readonly<Record<string, string>>;

const EN: Words = {
  shTitle: 'Shot by shot', shNotation: 'Carrom notation', shNone: 'No shot yet.', shBoard: 'board {0}', shBoardGame: 'game {0}, board {1}',
  shShot: 'Shot {0}', shBefore: 'Before the first shot', shNothing: 'nothing fell', shIn: '{0} in pocket {1}', shInSome: '{0} pocketed',
  shWhite: 'a white', shBlack: 'a black', shQueen: 'the queen', shStriker: 'the striker', shMan: 'a man', shUnknown: 'a piece', shNamed: 'named: {0}',
  shNoContact: 'no contact', shOffboard: '{0} off the board', shNoCross: 'did not cross the line', shColour: 'chose {0}', shPlaced: 'the men due placed',
  shFoul: 'foul ({0})', shFoul_touch: 'touch', shFoul_technique: 'technique', shFoul_line: 'line', shFoul_backshot: 'back shot', shFoul_placement: 'placement', shFoul_technical: 'technical', shFoul_other: 'other',
  shWhiteColour: 'white', shBlackColour: 'black',
  shUndone: 'taken back', shQueenPending: 'queen pocketed by {0}, to cover', shQueenCovered: 'queen covered by {0}', shQueenBack: 'queen back on the board',
  shDues: 'dues {0}', shBoardWon: 'board {0} to {1}, {2} points', shBoardNobody: 'board {0}: no winner', shGameWon: 'game {0} to {1}',
  shMatchWon: 'match to {0}', shMatchNobody: 'match over, no winner', shScore: 'score {0}', shHeld: 'waiting for the table (its shots will follow)', shNobody: 'nobody',
};

const PT: Words = {
  shTitle: 'Jogada a jogada', shNotation: 'Notação de carrom', shNone: 'Ainda sem jogadas.', shBoard: 'board {0}', shBoardGame: 'partida {0}, board {1}',
  shShot: 'Jogada {0}', shBefore: 'Antes da primeira jogada', shNothing: 'nada entrou', shIn: '{0} no buraco {1}', shInSome: '{0} entrou',
  shWhite: 'uma branca', shBlack: 'uma preta', shQueen: 'a rainha', shStriker: 'o striker', shMan: 'uma peça', shUnknown: 'uma peça', shNamed: 'identificada: {0}',
  shNoContact: 'sem contacto', shOffboard: '{0} fora do tabuleiro', shNoCross: 'não passou a linha', shColour: 'escolheu {0}', shPlaced: 'as peças devidas foram colocadas',
  shFoul: 'falta ({0})', shFoul_touch: 'toque', shFoul_technique: 'técnica', shFoul_line: 'linha', shFoul_backshot: 'tiro para trás', shFoul_placement: 'colocação', shFoul_technical: 'técnica (regulamento)', shFoul_other: 'outra',
  shWhiteColour: 'brancas', shBlackColour: 'pretas',
  shUndone: 'anulada', shQueenPending: 'rainha metida por {0}, a cobrir', shQueenCovered: 'rainha coberta por {0}', shQueenBack: 'rainha de volta ao tabuleiro',
  shDues: 'em dívida {0}', shBoardWon: 'board {0} para {1}, {2} pontos', shBoardNobody: 'board {0}: sem vencedor', shGameWon: 'partida {0} para {1}',
  shMatchWon: 'jogo para {0}', shMatchNobody: 'jogo terminado, sem vencedor', shScore: 'resultado {0}', shHeld: 'à espera da mesa (as jogadas seguem)', shNobody: 'ninguém',
};

const SL: Words = {
  shTitle: 'Strel za strelom', shNotation: 'Carrom zapis', shNone: 'Še ni strelov.', shBoard: 'igra {0}', shBoardGame: 'del {0}, igra {1}',
  shShot: 'Strel {0}', shBefore: 'Pred prvim strelom', shNothing: 'nič ni padlo', shIn: '{0} v luknjo {1}', shInSome: '{0} v luknjo',
  shWhite: 'bela', shBlack: 'črna', shQueen: 'kraljica', shStriker: 'strelec', shMan: 'figura', shUnknown: 'figura', shNamed: 'določeno: {0}',
  shNoContact: 'brez dotika', shOffboard: '{0} s plošče', shNoCross: 'ni prečkal črte', shColour: 'izbral {0}', shPlaced: 'dolgovane figure postavljene',
  shFoul: 'prekršek ({0})', shFoul_touch: 'dotik', shFoul_technique: 'tehnika', shFoul_line: 'črta', shFoul_backshot: 'strel nazaj', shFoul_placement: 'postavitev', shFoul_technical: 'tehnični', shFoul_other: 'drugo',
  shWhiteColour: 'bele', shBlackColour: 'črne',
  shUndone: 'preklicano', shQueenPending: 'kraljico je zadel {0}, za pokritje', shQueenCovered: 'kraljico je pokril {0}', shQueenBack: 'kraljica nazaj na ploščo',
  shDues: 'dolg {0}', shBoardWon: 'igra {0}: {1}, točk: {2}', shBoardNobody: 'igra {0}: brez zmagovalca', shGameWon: 'del {0}: {1}',
  shMatchWon: 'tekmo dobi {0}', shMatchNobody: 'tekma končana, brez zmagovalca', shScore: 'rezultat {0}', shHeld: 'čaka na mizo (streli sledijo)', shNobody: 'nihče',
};

const IT: Words = {
  shTitle: 'Tiro per tiro', shNotation: 'Notazione carrom', shNone: 'Ancora nessun tiro.', shBoard: 'board {0}', shBoardGame: 'partita {0}, board {1}',
  shShot: 'Tiro {0}', shBefore: 'Prima del primo tiro', shNothing: 'nessuna pedina in buca', shIn: '{0} in buca {1}', shInSome: '{0} in buca',
  shWhite: 'una bianca', shBlack: 'una nera', shQueen: 'la regina', shStriker: 'lo striker', shMan: 'una pedina', shUnknown: 'un pezzo', shNamed: 'indicato: {0}',
  shNoContact: 'nessun contatto', shOffboard: '{0} fuori dal tavolo', shNoCross: 'non ha superato la linea', shColour: 'ha scelto {0}', shPlaced: 'pedine dovute rimesse',
  shFoul: 'fallo ({0})', shFoul_touch: 'tocco', shFoul_technique: 'tecnica', shFoul_line: 'linea', shFoul_backshot: 'tiro all’indietro', shFoul_placement: 'posizionamento', shFoul_technical: 'tecnico', shFoul_other: 'altro',
  shWhiteColour: 'bianche', shBlackColour: 'nere',
  shUndone: 'annullato', shQueenPending: 'regina imbucata da {0}, da coprire', shQueenCovered: 'regina coperta da {0}', shQueenBack: 'regina di nuovo sul tavolo',
  shDues: 'debiti {0}', shBoardWon: 'board {0} a {1}, {2} punti', shBoardNobody: 'board {0}: nessun vincitore', shGameWon: 'partita {0} a {1}',
  shMatchWon: 'incontro a {0}', shMatchNobody: 'incontro finito, nessun vincitore', shScore: 'punteggio {0}', shHeld: 'in attesa del tavolo (i tiri seguiranno)', shNobody: 'nessuno',
};

const RO: Words = {
  shTitle: 'Lovitură cu lovitură', shNotation: 'Notația carrom', shNone: 'Nicio lovitură încă.', shBoard: 'tabla {0}', shBoardGame: 'partida {0}, tabla {1}',
  shShot: 'Lovitura {0}', shBefore: 'Înainte de prima lovitură', shNothing: 'nu a intrat nimic', shIn: '{0} în buzunarul {1}', shInSome: '{0} a intrat',
  shWhite: 'o piesă albă', shBlack: 'o piesă neagră', shQueen: 'regina', shStriker: 'strikerul', shMan: 'o piesă', shUnknown: 'o piesă', shNamed: 'numită: {0}',
  shNoContact: 'fără contact', shOffboard: '{0} în afara tablei', shNoCross: 'nu a trecut linia', shColour: 'a ales {0}', shPlaced: 'piesele datorate puse la loc',
  shFoul: 'fault ({0})', shFoul_touch: 'atingere', shFoul_technique: 'tehnică', shFoul_line: 'linie', shFoul_backshot: 'lovitură înapoi', shFoul_placement: 'așezare', shFoul_technical: 'tehnic', shFoul_other: 'altul',
  shWhiteColour: 'albe', shBlackColour: 'negre',
  shUndone: 'anulată', shQueenPending: 'regina băgată de {0}, de acoperit', shQueenCovered: 'regina acoperită de {0}', shQueenBack: 'regina înapoi pe tablă',
  shDues: 'datorii {0}', shBoardWon: 'tabla {0} pentru {1}, {2} puncte', shBoardNobody: 'tabla {0}: fără câștigător', shGameWon: 'partida {0} pentru {1}',
  shMatchWon: 'jocul pentru {0}', shMatchNobody: 'joc terminat, fără câștigător', shScore: 'scor {0}', shHeld: 'se așteaptă masa (loviturile urmează)', shNobody: 'nimeni',
};

const SV: Words = {
  shTitle: 'Skott för skott', shNotation: 'Carromnotation', shNone: 'Inga skott än.', shBoard: 'omgång {0}', shBoardGame: 'parti {0}, omgång {1}',
  shShot: 'Skott {0}', shBefore: 'Före första skottet', shNothing: 'inget i hål', shIn: '{0} i hål {1}', shInSome: '{0} i hål',
  shWhite: 'en vit', shBlack: 'en svart', shQueen: 'drottningen', shStriker: 'strikern', shMan: 'en pjäs', shUnknown: 'en pjäs', shNamed: 'angiven: {0}',
  shNoContact: 'ingen träff', shOffboard: '{0} utanför brädet', shNoCross: 'passerade inte linjen', shColour: 'valde {0}', shPlaced: 'skyldiga pjäser placerade',
  shFoul: 'fel ({0})', shFoul_touch: 'beröring', shFoul_technique: 'teknik', shFoul_line: 'linje', shFoul_backshot: 'bakåtskott', shFoul_placement: 'placering', shFoul_technical: 'tekniskt', shFoul_other: 'annat',
  shWhiteColour: 'vita', shBlackColour: 'svarta',
  shUndone: 'ångrat', shQueenPending: 'drottningen i hål för {0}, ska täckas', shQueenCovered: 'drottningen täckt av {0}', shQueenBack: 'drottningen tillbaka på brädet',
  shDues: 'skuld {0}', shBoardWon: 'omgång {0} till {1}, {2} poäng', shBoardNobody: 'omgång {0}: ingen vinnare', shGameWon: 'parti {0} till {1}',
  shMatchWon: 'matchen till {0}', shMatchNobody: 'matchen slut, ingen vinnare', shScore: 'ställning {0}', shHeld: 'väntar på bordet (skotten följer)', shNobody: 'ingen',
};

export const SHOTS_WORDS = { en: EN, pt: PT, sl: SL, it: IT, ro: RO, sv: SV };
