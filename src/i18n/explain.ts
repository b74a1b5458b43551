// The display lines of src/app/say/explain.ts (what to put back, who places it, what the engine would not
// take) in the five languages besides English, with the same {placeholders} as its EXPLAIN table. The
// page's sentences are in explain-page.ts. The federations' words as in the glossary (docs/languages.md).
import type { Language } from './index.ts';

type Lines = Readonly<Record<string, string>>;

const PT: Lines = Object.freeze({
  putBackMen: 'REPOR {colour}: {n}', putBackQueen: 'REPOR A RAINHA', placesIt: '{who} COLOCA-A', placesThem: '{who} COLOCA-AS',
  umpirePlaces: 'O ÁRBITRO COLOCA-A', anyonePlaces: 'QUALQUER UM COLOCA-A', undone: 'PEÇAS COMO ESTAVAM', owes: '{side} DEVE {n}', notAFoul: 'SEM FALTA: {kind}',
  wrongBaseline: 'LINHA ERRADA', countedFor: 'CONTA PARA {who}', tooMany: '{colour}: SÓ HAVIA {n}', noQueen: 'RAINHA NÃO ESTAVA',
  breakMade: 'ENTRARAM: BREAK FEITO', alreadyBroken: 'BREAK JÁ FEITO', shotClosed: 'DISPARO ANTERIOR: FIM', noShot: 'NENHUM DISPARO',
  unnamed: 'SEM NOME: NÃO CONTA', colourGiven: '{colour} ATRIBUÍDA', nothingToName: 'NADA A NOMEAR', manNotStriker: 'PEDRA, NÃO STRIKER',
  noColourToChoose: 'NÃO HÁ COR A ESCOLHER', nothingToUndo: 'NADA A ANULAR', matchOver: 'O JOGO TERMINOU', other: 'VER AS NOTAS',
});

const SL: Lines = Object.freeze({
  putBackMen: 'VRNI {colour}: {n}', putBackQueen: 'VRNI KRALJICO', placesIt: '{who} JO POSTAVI', placesThem: '{who} JIH POSTAVI',
  umpirePlaces: 'POSTAVI JO SODNIK', anyonePlaces: 'POSTAVI JO KDORKOLI', undone: 'PLOŠČICE KOT PREJ', owes: '{side} DOLGUJE {n}', notAFoul: 'SME SE: {kind}',
  wrongBaseline: 'NAPAČNA LINIJA', countedFor: 'ŠTEJE ZA {who}', tooMany: '{colour}: SAMO ŠE {n}', noQueen: 'KRALJICE NI BILO',
  breakMade: 'RAZBIJANJE VELJA', alreadyBroken: 'ŽE RAZBITO', shotClosed: 'UDAREC ZAKLJUČEN', noShot: 'NI UDARCA',
  unnamed: 'NEIMENOVANO: NE ŠTEJE', colourGiven: '{colour} DODELJENA', nothingToName: 'NIČ ZA IMENOVATI', manNotStriker: 'PLOŠČICA, NE STRIKER',
  noColourToChoose: 'NI BARVE ZA IZBIRO', nothingToUndo: 'NIČ ZA PREKLIC', matchOver: 'MATCH JE KONČAN', other: 'GLEJ OPOMBE',
});

const IT: Lines = Object.freeze({
  putBackMen: 'RIMETTI {colour}: {n}', putBackQueen: 'RIMETTI LA REGINA', placesIt: '{who} LA METTE', placesThem: '{who} LE METTE',
  umpirePlaces: "L'ARBITRO LA METTE", anyonePlaces: 'CHIUNQUE LA METTE', undone: 'PEDINE COME PRIMA', owes: '{side} DEVE {n}', notAFoul: 'LECITO: {kind}',
  wrongBaseline: 'LINEA DI BASE ERRATA', countedFor: 'VALE PER {who}', tooMany: '{colour}: SOLO {n}', noQueen: 'REGINA NON IN GIOCO',
  breakMade: 'INIZIO VALIDO', alreadyBroken: 'GIÀ INIZIATO', shotClosed: 'TIRO PRIMA: CHIUSO', noShot: 'NESSUN TIRO',
  unnamed: 'SENZA NOME: ESCLUSA', colourGiven: '{colour} ASSEGNATA', nothingToName: 'NIENTE DA NOMINARE', manNotStriker: 'PEDINA, NON STRIKER',
  noColourToChoose: 'NESSUN COLORE', nothingToUndo: 'NIENTE DA ANNULLARE', matchOver: "L'INCONTRO È FINITO", other: 'VEDI LE NOTE',
});

const RO: Lines = Object.freeze({
  putBackMen: 'PUNE ÎNAPOI {colour}: {n}', putBackQueen: 'PUNE REGINA ÎNAPOI', placesIt: '{who} O AȘAZĂ', placesThem: '{who} LE AȘAZĂ',
  umpirePlaces: 'ARBITRUL O AȘAZĂ', anyonePlaces: 'ORICINE O AȘAZĂ', undone: 'PIESELE CA ÎNAINTE', owes: 'PEN. {side}: {n}', notAFoul: 'PERMIS: {kind}',
  wrongBaseline: 'LINIE DE BAZĂ GREȘITĂ', countedFor: 'SE NUMĂRĂ: {who}', tooMany: '{colour}: DOAR {n}', noQueen: 'REGINA NU ERA ÎN JOC',
  breakMade: 'PIESE INTRATE: SPART', alreadyBroken: 'DEJA SPART', shotClosed: 'LOVITURA ÎNCHEIATĂ', noShot: 'NICIO LOVITURĂ',
  unnamed: 'NENUMITE: EXCLUSE', colourGiven: '{colour} ATRIBUITĂ', nothingToName: 'NIMIC DE NUMIT', manNotStriker: 'PIESĂ, NU ATACANT',
  noColourToChoose: 'NICIO CULOARE DE ALES', nothingToUndo: 'NIMIC DE ANULAT', matchOver: 'JOCUL S-A ÎNCHEIAT', other: 'VEZI NOTELE',
});

const SV: Lines = Object.freeze({
  putBackMen: 'LÄGG TILLBAKA {n} {colour}', putBackQueen: 'DROTTNINGEN TILLBAKA', placesIt: '{who} PLACERAR DEN', placesThem: '{who} PLACERAR DEM',
  umpirePlaces: 'DOMAREN PLACERAR DEN', anyonePlaces: 'ALLA FÅR PLACERA DEN', undone: 'PJÄSERNA SOM FÖRUT', owes: 'SKULD: {side} {n}', notAFoul: 'INTE FEL: {kind}',
  wrongBaseline: 'FEL BASLINJE', countedFor: 'RÄKNAS FÖR {who}', tooMany: '{colour}: BARA {n} KVAR', noQueen: 'DROTTNINGEN SAKNADES',
  breakMade: 'BRYTNINGEN GÄLLER', alreadyBroken: 'REDAN BRUTET', shotClosed: 'SKOTTET AVSLUTAT', noShot: 'INGET SKOTT',
  unnamed: 'ONÄMNDA: RÄKNAS EJ', colourGiven: '{colour} TILLDELAD', nothingToName: 'INGET ATT NÄMNA', manNotStriker: 'PJÄS, INTE ANFALLARE',
  noColourToChoose: 'INGEN FÄRG ATT VÄLJA', nothingToUndo: 'INGET ATT ÅNGRA', matchOver: 'MATCHEN ÄR SLUT', other: 'SE ANTECKNINGAR',
});

/** Each language's display lines; English is explain.ts's own. */
export const EXPLAIN_LINES: Readonly<Record<Exclude<Language, 'en'>, Lines>> = Object.freeze({ pt: PT, sl: SL, it: IT, ro: RO, sv: SV });
