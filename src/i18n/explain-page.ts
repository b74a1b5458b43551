// The page's sentences of src/app/say/explain.ts (the notes under the simulator's display, the warnings) in
// the five languages besides English, with the same {placeholders} as its EXPLAIN table (a language may
// leave one out, never add one), and the words they are filled with. `other` ({text}: the engine's own
// words) and `countedFor` (said with wrongBaseline) have no sentence. The federations' words as in the
// glossary of docs/languages.md. A colour comes singular (`white`) or plural (`whites`) to agree with its
// count; English's colours do not change.
import type { Language } from './index.ts';

type Sentences = Readonly<Record<string, string>>;

const PT: Sentences = Object.freeze({
  putBackMen: 'Reponha {n} {men} {colour}, {where}.', putBackQueen: 'Reponha a rainha no círculo central.',
  placesIt: '{who} coloca-a.', placesThem: '{who} coloca-as.', umpirePlaces: 'O árbitro coloca-a.', anyonePlaces: 'Qualquer jogador a pode colocar.',
  owes: '{side} deve {n} {men}: a próxima que meter volta ao tabuleiro.',
  undone: 'O último disparo foi anulado: reponha as peças onde estavam antes do disparo; {who} joga-o de novo.',
  notAFoul: '"{kind}" não é falta nestas regras ({rules}): a chamada não muda nada.',
  wrongBaseline: 'O striker saiu da linha do lugar {seat}, mas é a vez de {who} (lugar {turnSeat}): o disparo conta para {who}.',
  tooMany: 'Entraram mais {men} {colour} do que havia no tabuleiro ({n}): o disparo é julgado pelo que lá estava.',
  noQueen: 'A rainha foi dada numa bolsa, mas não estava no tabuleiro (coberta, ou já metida): não conta.',
  breakMade: 'Foi chamado sem contacto, mas entraram pedras: o break conta como feito.',
  alreadyBroken: 'Sem contacto chamado depois de feito o break: não muda nada.',
  shotClosed: 'Chegou um disparo quando o anterior ainda se movia: esse disparo foi julgado aí.',
  noShot: 'Isto chegou sem disparo em jogo: não muda nada.',
  unnamed: 'Peças de tipo desconhecido nunca foram identificadas: o disparo foi julgado sem elas.',
  colourGiven: 'Nenhuma cor foi escolhida: a primeira pedra metida era {colour}, e essa cor foi atribuída.',
  nothingToName: 'Não há peça de tipo desconhecido a identificar.', manNotStriker: 'Uma pedra não pode ser identificada como o striker.',
  noColourToChoose: 'Não há cor a escolher agora.', nothingToUndo: 'Não há disparo a anular.', matchOver: 'O jogo terminou: isto não muda nada.',
});

const SL: Sentences = Object.freeze({
  putBackMen: 'Vrni na ploščo: {colour} {men}, {n}; {where}.', putBackQueen: 'Vrni kraljico na sredinski krog.',
  placesIt: '{who} jo postavi.', placesThem: '{who} jih postavi.', umpirePlaces: 'Postavi jo sodnik.', anyonePlaces: 'Postavi jo lahko katerikoli igralec.',
  owes: '{side} dolguje kazenske ploščice, {n}: naslednja potopljena se vrne na ploščo.',
  undone: 'Zadnji udarec je preklican: vrnite ploščice tja, kjer so bile pred njim; {who} ga ponovi.',
  notAFoul: '"{kind}" po teh pravilih ({rules}) ni prekršek: klic ne spremeni ničesar.',
  wrongBaseline: 'Striker je zapustil osnovno linijo mesta {seat}, na potezi pa je {who} (mesto {turnSeat}): udarec šteje za {who}.',
  tooMany: 'Potopljenih je več, kot jih je bilo na plošči ({colour} {men}, {n}): udarec se presodi po tem, kar je bilo tam.',
  noQueen: 'Kraljica je bila javljena v luknji, a je ni bilo na plošči (pokrita ali že potopljena): ne šteje.',
  breakMade: 'Klican je bil brez dotika, a ploščice so padle: razbijanje velja.',
  alreadyBroken: 'Brez dotika je bil klican po razbijanju: ne spremeni ničesar.',
  shotClosed: 'Udarec je prišel, ko se je prejšnji še premikal: tisti je bil presojen tam.',
  noShot: 'To je prišlo, ko ni bilo udarca v igri: ne spremeni ničesar.',
  unnamed: 'Ploščice neznane vrste niso bile poimenovane: udarec je bil presojen brez njih.',
  colourGiven: 'Nobena barva ni bila izbrana: prva potopljena ploščica je bila {colour}, ta barva je dodeljena.',
  nothingToName: 'Ni ploščice neznane vrste, ki bi jo lahko poimenovali.', manNotStriker: 'Ploščica ne more biti poimenovana kot striker.',
  noColourToChoose: 'Zdaj ni barve za izbiro.', nothingToUndo: 'Ni udarca za preklic.', matchOver: 'Match je končan: to ne spremeni ničesar.',
});

const IT: Sentences = Object.freeze({
  putBackMen: 'Rimetti {n} {men} {colour} {where}.', putBackQueen: 'Rimetti la regina sul cerchio centrale.',
  placesIt: '{who} la mette.', placesThem: '{who} le mette.', umpirePlaces: "L'arbitro la mette.", anyonePlaces: 'Qualsiasi giocatore la mette.',
  owes: '{side} deve {n} {men} di penalità: la prossima imbucata torna sul tavolo.',
  undone: "L'ultimo tiro è annullato: rimetti le pedine dov'erano prima del tiro; {who} lo ripete.",
  notAFoul: '"{kind}" non è fallo secondo queste regole ({rules}): la chiamata non cambia nulla.',
  wrongBaseline: 'Lo striker è partito dalla linea di base del posto {seat}, ma il turno è di {who} (posto {turnSeat}): il tiro vale per {who}.',
  tooMany: "Sono entrate più {men} {colour} di quante ce ne fossero sul tavolo ({n}): il tiro è giudicato su ciò che c'era.",
  noQueen: 'La regina risulta in una buca, ma non era sul tavolo (confermata, o già imbucata): non conta.',
  breakMade: "È stato chiamato nessun contatto, ma sono entrate pedine: l'inizio è valido.",
  alreadyBroken: 'Nessun contatto chiamato quando il gioco era già iniziato: non cambia nulla.',
  shotClosed: 'È arrivato un tiro mentre il precedente era ancora in movimento: quel tiro è stato giudicato lì.',
  noShot: 'Questo è arrivato senza un tiro in corso: non cambia nulla.',
  unnamed: 'Pedine di tipo sconosciuto non sono mai state indicate: il tiro è stato giudicato senza di esse.',
  colourGiven: 'Nessun colore è stato scelto: la prima pedina imbucata era {colour}, e quel colore è stato assegnato.',
  nothingToName: "Non c'è nessuna pedina di tipo sconosciuto da indicare.", manNotStriker: 'Una pedina non può essere indicata come lo striker.',
  noColourToChoose: "Ora non c'è nessun colore da scegliere.", nothingToUndo: "Non c'è nessun tiro da annullare.", matchOver: "L'incontro è finito: questo non cambia nulla.",
});

const RO: Sentences = Object.freeze({
  putBackMen: 'Puneți înapoi {n} {men} {colour}, {where}.', putBackQueen: 'Puneți regina înapoi pe cercul central.',
  placesIt: '{who} o așază.', placesThem: '{who} le așază.', umpirePlaces: 'Arbitrul o așază.', anyonePlaces: 'Oricare jucător o poate așeza.',
  owes: '{side} datorează {n} {men} de penalizare: următoarea băgată în buzunar revine pe tablă.',
  undone: 'Ultima lovitură este anulată: puneți piesele înapoi unde erau înainte de ea; {who} o repetă.',
  notAFoul: '„{kind}” nu este fault după aceste reguli ({rules}): anunțul nu schimbă nimic.',
  wrongBaseline: 'Atacantul a plecat de pe linia de bază a locului {seat}, dar la rând este {who} (locul {turnSeat}): lovitura se socotește pentru {who}.',
  tooMany: 'Au intrat mai multe {men} {colour} decât erau pe tablă ({n}): lovitura se judecă după ce era acolo.',
  noQueen: 'Regina a fost dată în buzunar, dar nu era pe tablă (acoperită sau deja intrată): nu contează.',
  breakMade: 'S-a anunțat fără contact, dar au intrat piese: spargerea contează ca făcută.',
  alreadyBroken: 'Fără contact anunțat după ce s-a spart: nu schimbă nimic.',
  shotClosed: 'A venit o lovitură cât timp cea dinainte încă se mișca: aceea a fost judecată acolo.',
  noShot: 'Aceasta a venit fără nicio lovitură în joc: nu schimbă nimic.',
  unnamed: 'Piese de fel necunoscut nu au fost numite: lovitura a fost judecată fără ele.',
  colourGiven: 'Nu s-a ales nicio culoare: prima piesă intrată era {colour}, iar culoarea ei a fost atribuită.',
  nothingToName: 'Nu este nicio piesă de fel necunoscut de numit.', manNotStriker: 'O piesă nu poate fi numită atacant.',
  noColourToChoose: 'Acum nu este nicio culoare de ales.', nothingToUndo: 'Nu este nicio lovitură de anulat.', matchOver: 'Jocul s-a încheiat: aceasta nu schimbă nimic.',
});

const SV: Sentences = Object.freeze({
  putBackMen: 'Lägg tillbaka {n} {colour} {men}, {where}.', putBackQueen: 'Lägg tillbaka drottningen på mittcirkeln.',
  placesIt: '{who} placerar den.', placesThem: '{who} placerar dem.', umpirePlaces: 'Domaren placerar den.', anyonePlaces: 'Vilken spelare som helst får placera den.',
  owes: '{side} har en skuld på {n} {men}: nästa som sänks kommer tillbaka.',
  undone: 'Det senaste skottet är ångrat: lägg tillbaka pjäserna där de var före det; {who} spelar det igen.',
  notAFoul: '"{kind}" är inget fel enligt dessa regler ({rules}): anropet ändrar ingenting.',
  wrongBaseline: 'Anfallaren lämnade baslinjen vid plats {seat}, men {who} (plats {turnSeat}) är på tur: skottet räknas för {who}.',
  tooMany: 'Fler {colour} {men} sänktes än det fanns på brädet ({n}): skottet bedöms efter det som fanns där.',
  noQueen: 'Drottningen angavs i ett hål, men den var inte på brädet (täckt, eller redan sänkt): den räknas inte.',
  breakMade: 'Ingen kontakt anropades, men pjäser gick i: brytningen räknas som gjord.',
  alreadyBroken: 'Ingen kontakt anropades efter att brytningen var gjord: det ändrar ingenting.',
  shotClosed: 'Ett skott kom medan det förra ännu rörde sig: det skottet bedömdes där.',
  noShot: 'Detta kom utan något skott i spel: det ändrar ingenting.',
  unnamed: 'Pjäser av okänt slag namngavs aldrig: skottet bedömdes utan dem.',
  colourGiven: 'Ingen färg valdes: den första sänkta pjäsen var {colour}, och den färgen tilldelades.',
  nothingToName: 'Det finns ingen pjäs av okänt slag att namnge.', manNotStriker: 'En pjäs kan inte anges som anfallaren.',
  noColourToChoose: 'Ingen färg ska väljas nu.', nothingToUndo: 'Det finns inget skott att ångra.', matchOver: 'Matchen är slut: detta ändrar ingenting.',
});

/** Each language's sentences; English is explain.ts's own. */
export const EXPLAIN_PAGES: Readonly<Record<Exclude<Language, 'en'>, Sentences>> = Object.freeze({ pt: PT, sl: SL, it: IT, ro: RO, sv: SV });

/** The words the sentences are filled with. */
export const EXPLAIN_PAGE_WORDS: Readonly<Record<Exclude<Language, 'en'>, Sentences>> = Object.freeze({
  pt: Object.freeze({ white: 'branca', whites: 'brancas', black: 'vermelha', blacks: 'vermelhas', man: 'pedra', men: 'pedras', and: 'e',
    outerNotCentre: 'dentro do círculo exterior, não no círculo central', centreCircle: 'no círculo central' }),
  sl: Object.freeze({ white: 'bela', whites: 'bele', black: 'črna', blacks: 'črne', man: 'ploščica', men: 'ploščice', and: 'in',
    outerNotCentre: 'znotraj zunanjega kroga, ne na sredinskem krogu', centreCircle: 'v sredinski krog' }),
  it: Object.freeze({ white: 'bianca', whites: 'bianche', black: 'nera', blacks: 'nere', man: 'pedina', men: 'pedine', and: 'e',
    outerNotCentre: 'dentro il cerchio esterno, non sul cerchio centrale', centreCircle: 'nel cerchio centrale' }),
  ro: Object.freeze({ white: 'albă', whites: 'albe', black: 'neagră', blacks: 'negre', man: 'piesă', men: 'piese', and: 'și',
    outerNotCentre: 'în interiorul cercului exterior, nu pe cercul central', centreCircle: 'în cercul central' }),
  sv: Object.freeze({ white: 'vit', whites: 'vita', black: 'svart', blacks: 'svarta', man: 'pjäs', men: 'pjäser', and: 'och',
    outerNotCentre: 'innanför den yttre cirkeln, inte på mittcirkeln', centreCircle: 'i mittcirkeln' }),
});
