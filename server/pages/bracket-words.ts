// The words of the knockout's bracket page, the final ranking and the organiser's tables page
// (docs/tournament.md §8), in the pages' six languages, merged into PAGE_WORDS (words.ts). {0}, {1}, …
// as there. Durations are written with h, min and s, which the six languages share.

type Words = Readonly<Record<string, string>>;

const EN: Words = {
  bracketTitle: 'Tournament: bracket', tablesTitle: 'Tournament: the tables',
  roundFinal: 'Final', roundSemi: 'Semi-finals', roundQuarter: 'Quarter-finals', winnerOf: 'winner of round {0}, match {1}',
  notKnockout: 'This tournament is not a knockout: its standings are its ranking.', ranking: 'Ranking so far', colPlace: 'Place', colOut: 'Went out',
  champion: 'won the final', stillIn: 'still in', outIn: 'in {0}',
  notReported: 'Not reported yet', allReported: 'Every table of the round has reported.', inPlayTitle: 'In play', refusedHeading: 'Refused by the table',
  unattached: 'Records that could not join the draw', noneListed: 'None.',
  colMatch: 'Match', colReportState: 'Status', colSincePublished: 'Since the round was published', colLastContact: 'Last contact', colLastRecord: 'Last record',
  colWhen: 'When', colReason: 'Reason', colNow: 'Now', colRecord: 'Record',
  stWaiting: 'not fetched yet', stAssigned: 'fetched by the table', stPlaying: 'in play', stRefused: 'refused', stFinished: 'finished',
  ago: '{0} ago', never: 'never', movedTo: 'waiting for table {0}', refusedStill: 'still refused: move it to another table',
};

const PT: Words = {
  bracketTitle: 'Torneio: quadro', tablesTitle: 'Torneio: as mesas',
  roundFinal: 'Final', roundSemi: 'Meias-finais', roundQuarter: 'Quartos de final', winnerOf: 'vencedor da ronda {0}, jogo {1}',
  notKnockout: 'Este torneio não é a eliminar: a classificação é a sua ordem final.', ranking: 'Classificação até agora', colPlace: 'Lugar', colOut: 'Eliminado',
  champion: 'venceu a final', stillIn: 'ainda em jogo', outIn: 'na {0}',
  notReported: 'Ainda sem notícias', allReported: 'Todas as mesas da ronda já comunicaram.', inPlayTitle: 'Em jogo', refusedHeading: 'Recusados pela mesa',
  unattached: 'Registos que não se ligaram ao sorteio', noneListed: 'Nenhum.',
  colMatch: 'Jogo', colReportState: 'Estado', colSincePublished: 'Desde a publicação da ronda', colLastContact: 'Último contacto', colLastRecord: 'Último registo',
  colWhen: 'Quando', colReason: 'Motivo', colNow: 'Agora', colRecord: 'Registo',
  stWaiting: 'ainda não pedido', stAssigned: 'pedido pela mesa', stPlaying: 'em jogo', stRefused: 'recusado', stFinished: 'terminado',
  ago: 'há {0}', never: 'nunca', movedTo: 'à espera da mesa {0}', refusedStill: 'ainda recusado: mude-o para outra mesa',
};

const SL: Words = {
  bracketTitle: 'Turnir: drevo', tablesTitle: 'Turnir: mize',
  roundFinal: 'Finale', roundSemi: 'Polfinale', roundQuarter: 'Četrtfinale', winnerOf: 'zmagovalec kroga {0}, para {1}',
  notKnockout: 'Ta turnir ni na izpadanje: njegova lestvica je končni vrstni red.', ranking: 'Vrstni red doslej', colPlace: 'Mesto', colOut: 'Izpadel',
  champion: 'zmagal v finalu', stillIn: 'še v igri', outIn: 'v {0}',
  notReported: 'Še brez poročila', allReported: 'Vse mize kroga so poročale.', inPlayTitle: 'V igri', refusedHeading: 'Zavrnila miza',
  unattached: 'Zapisi, ki se niso povezali z žrebom', noneListed: 'Nič.',
  colMatch: 'Par', colReportState: 'Stanje', colSincePublished: 'Od objave kroga', colLastContact: 'Zadnji stik', colLastRecord: 'Zadnji zapis',
  colWhen: 'Kdaj', colReason: 'Razlog', colNow: 'Zdaj', colRecord: 'Zapis',
  stWaiting: 'še ni prevzet', stAssigned: 'miza ga je prevzela', stPlaying: 'v igri', stRefused: 'zavrnjen', stFinished: 'končan',
  ago: 'pred {0}', never: 'nikoli', movedTo: 'čaka na mizo {0}', refusedStill: 'še zavrnjen: prestavite ga na drugo mizo',
};

const IT: Words = {
  bracketTitle: 'Torneo: tabellone', tablesTitle: 'Torneo: i tavoli',
  roundFinal: 'Finale', roundSemi: 'Semifinali', roundQuarter: 'Quarti di finale', winnerOf: 'vincitore del turno {0}, incontro {1}',
  notKnockout: 'Questo torneo non è a eliminazione: la sua classifica è l’ordine finale.', ranking: 'Classifica finora', colPlace: 'Posto', colOut: 'Eliminato',
  champion: 'ha vinto la finale', stillIn: 'ancora in gara', outIn: 'in {0}',
  notReported: 'Non ancora comunicati', allReported: 'Ogni tavolo del turno ha comunicato.', inPlayTitle: 'In corso', refusedHeading: 'Rifiutati dal tavolo',
  unattached: 'Registrazioni non collegate al sorteggio', noneListed: 'Nessuno.',
  colMatch: 'Incontro', colReportState: 'Stato', colSincePublished: 'Dalla pubblicazione del turno', colLastContact: 'Ultimo contatto', colLastRecord: 'Ultima registrazione',
  colWhen: 'Quando', colReason: 'Motivo', colNow: 'Ora', colRecord: 'Registrazione',
  stWaiting: 'non ancora richiesto', stAssigned: 'richiesto dal tavolo', stPlaying: 'in corso', stRefused: 'rifiutato', stFinished: 'finito',
  ago: '{0} fa', never: 'mai', movedTo: 'in attesa del tavolo {0}', refusedStill: 'ancora rifiutato: spostalo su un altro tavolo',
};

const RO: Words = {
  bracketTitle: 'Turneu: tablou', tablesTitle: 'Turneu: mesele',
  roundFinal: 'Finala', roundSemi: 'Semifinale', roundQuarter: 'Sferturi de finală', winnerOf: 'câștigătorul rundei {0}, jocul {1}',
  notKnockout: 'Acest turneu nu este eliminatoriu: clasamentul său este ordinea finală.', ranking: 'Clasamentul de până acum', colPlace: 'Loc', colOut: 'Eliminat',
  champion: 'a câștigat finala', stillIn: 'încă în joc', outIn: 'în {0}',
  notReported: 'Încă fără vești', allReported: 'Toate mesele rundei au raportat.', inPlayTitle: 'În joc', refusedHeading: 'Refuzate de masă',
  unattached: 'Înregistrări care nu s-au legat de tragere', noneListed: 'Niciuna.',
  colMatch: 'Joc', colReportState: 'Stare', colSincePublished: 'De la publicarea rundei', colLastContact: 'Ultimul contact', colLastRecord: 'Ultima înregistrare',
  colWhen: 'Când', colReason: 'Motiv', colNow: 'Acum', colRecord: 'Înregistrare',
  stWaiting: 'încă necerut', stAssigned: 'cerut de masă', stPlaying: 'în joc', stRefused: 'refuzat', stFinished: 'terminat',
  ago: 'acum {0}', never: 'niciodată', movedTo: 'așteaptă masa {0}', refusedStill: 'încă refuzat: mutați-l la altă masă',
};

const SV: Words = {
  bracketTitle: 'Turnering: spelschema', tablesTitle: 'Turnering: borden',
  roundFinal: 'Final', roundSemi: 'Semifinaler', roundQuarter: 'Kvartsfinaler', winnerOf: 'vinnaren av rond {0}, match {1}',
  notKnockout: 'Turneringen är inte en utslagsturnering: dess ställning är slutordningen.', ranking: 'Ordningen hittills', colPlace: 'Plats', colOut: 'Utslagen',
  champion: 'vann finalen', stillIn: 'kvar', outIn: 'i {0}',
  notReported: 'Inte rapporterat än', allReported: 'Alla bord i ronden har rapporterat.', inPlayTitle: 'Pågår', refusedHeading: 'Avvisade av bordet',
  unattached: 'Poster som inte kunde kopplas till lottningen', noneListed: 'Inga.',
  colMatch: 'Match', colReportState: 'Läge', colSincePublished: 'Sedan ronden publicerades', colLastContact: 'Senaste kontakt', colLastRecord: 'Senaste post',
  colWhen: 'När', colReason: 'Orsak', colNow: 'Nu', colRecord: 'Post',
  stWaiting: 'inte hämtad än', stAssigned: 'hämtad av bordet', stPlaying: 'pågår', stRefused: 'avvisad', stFinished: 'klar',
  ago: 'för {0} sedan', never: 'aldrig', movedTo: 'väntar på bord {0}', refusedStill: 'fortfarande avvisad: flytta den till ett annat bord',
};

export const BRACKET_WORDS = Object.freeze({ en: EN, pt: PT, sl: SL, it: IT, ro: RO, sv: SV });
