// The page's words in the table's six languages (the display's own are in src/i18n, docs/languages.md):
// the page speaks the language chosen in the table's settings menu, which every snapshot carries.
// Keys of `data-i18n` elements, and the templates the page fills in ({0}, {1}, … in order).
const PAGE_WORDS = {
  en: {
    title: 'Carrom table simulator', clubPage: 'Club page', drop: 'Drop into a pocket:', white: 'white', black: 'black', queen: 'queen', striker: 'striker',
    place: 'Click a baseline to place the striker, then', strike: 'Strike', settle: 'Settle now', faults: 'Faults', stuck: 'Stuck beam', noisy: 'Noisy beam',
    none: 'none', noColour: 'no colour sensor', wifi: 'Wi-Fi up', powerCut: 'Power cut', events: 'Events', side: 'side', colour: 'colour', score: 'score',
    singles: 'singles', doubles: 'doubles', three: 'three', board: 'board {0}', matchOver: 'match over',
    syncOff: 'Results sync: off (started with --no-results)', syncNotSetUp: 'Results sync: not set up', syncTo: 'Results to {0} as {1}: {2} waiting',
    refused: ', {0} refused', sending: ', sending',
  },
  pt: {
    title: 'Simulador da mesa de carrom', clubPage: 'Página do clube', drop: 'Meter numa bolsa:', white: 'branca', black: 'vermelha', queen: 'rainha', striker: 'striker',
    place: 'Clique numa linha para colocar o striker, depois', strike: 'Disparar', settle: 'Parar agora', faults: 'Avarias', stuck: 'Feixe preso', noisy: 'Feixe com ruído',
    none: 'nenhum', noColour: 'sem sensor de cor', wifi: 'Wi-Fi ligado', powerCut: 'Corte de energia', events: 'Eventos', side: 'lado', colour: 'cor', score: 'pontos',
    singles: 'singulares', doubles: 'pares', three: 'três', board: 'board {0}', matchOver: 'jogo terminado',
    syncOff: 'Envio de resultados: desligado (--no-results)', syncNotSetUp: 'Envio de resultados: não configurado', syncTo: 'Resultados para {0} como {1}: {2} em fila',
    refused: ', {0} recusados', sending: ', a enviar',
  },
  sl: {
    title: 'Simulator mize za carrom', clubPage: 'Stran kluba', drop: 'Potopi v luknjo:', white: 'bela', black: 'črna', queen: 'kraljica', striker: 'striker',
    place: 'Klikni osnovno linijo, da postaviš striker, nato', strike: 'Udarec', settle: 'Umiri zdaj', faults: 'Okvare', stuck: 'Zataknjen žarek', noisy: 'Šumen žarek',
    none: 'brez', noColour: 'brez senzorja barve', wifi: 'Wi-Fi deluje', powerCut: 'Izpad elektrike', events: 'Dogodki', side: 'stran', colour: 'barva', score: 'točke',
    singles: 'posamezno', doubles: 'dvojice', three: 'trije', board: 'igra {0}', matchOver: 'konec matcha',
    syncOff: 'Pošiljanje rezultatov: izklopljeno (--no-results)', syncNotSetUp: 'Pošiljanje rezultatov: ni nastavljeno', syncTo: 'Rezultati na {0} kot {1}: {2} v vrsti',
    refused: ', {0} zavrnjenih', sending: ', pošilja',
  },
  it: {
    title: 'Simulatore del tavolo da carrom', clubPage: 'Pagina del club', drop: 'Imbuca in una buca:', white: 'bianca', black: 'nera', queen: 'regina', striker: 'striker',
    place: 'Clicca una linea di base per piazzare lo striker, poi', strike: 'Tira', settle: 'Ferma ora', faults: 'Guasti', stuck: 'Raggio bloccato', noisy: 'Raggio disturbato',
    none: 'nessuno', noColour: 'senza sensore di colore', wifi: 'Wi-Fi attivo', powerCut: 'Blackout', events: 'Eventi', side: 'lato', colour: 'colore', score: 'punti',
    singles: 'singolo', doubles: 'doppio', three: 'tre', board: 'partita {0}', matchOver: 'incontro finito',
    syncOff: 'Invio risultati: spento (--no-results)', syncNotSetUp: 'Invio risultati: non configurato', syncTo: 'Risultati a {0} come {1}: {2} in coda',
    refused: ', {0} rifiutati', sending: ', invio in corso',
  },
  ro: {
    title: 'Simulatorul mesei de carrom', clubPage: 'Pagina clubului', drop: 'Bagă în buzunar:', white: 'albă', black: 'neagră', queen: 'regina', striker: 'atacant',
    place: 'Clic pe o linie de bază pentru a plasa atacantul, apoi', strike: 'Lovește', settle: 'Oprește acum', faults: 'Defecte', stuck: 'Rază blocată', noisy: 'Rază cu zgomot',
    none: 'niciuna', noColour: 'fără senzor de culoare', wifi: 'Wi-Fi pornit', powerCut: 'Pană de curent', events: 'Evenimente', side: 'parte', colour: 'culoare', score: 'puncte',
    singles: 'simplu', doubles: 'dublu', three: 'trei', board: 'tabla {0}', matchOver: 'joc încheiat',
    syncOff: 'Trimiterea rezultatelor: oprită (--no-results)', syncNotSetUp: 'Trimiterea rezultatelor: neconfigurată', syncTo: 'Rezultate către {0} ca {1}: {2} în coadă',
    refused: ', {0} refuzate', sending: ', se trimite',
  },
  sv: {
    title: 'Simulator för carrombordet', clubPage: 'Klubbens sida', drop: 'Sänk i ett hål:', white: 'vit', black: 'svart', queen: 'drottning', striker: 'anfallare',
    place: 'Klicka på en baslinje för att placera anfallaren, sedan', strike: 'Skjut', settle: 'Stilla nu', faults: 'Fel', stuck: 'Fastnad stråle', noisy: 'Störd stråle',
    none: 'ingen', noColour: 'ingen färgsensor', wifi: 'Wi-Fi uppe', powerCut: 'Strömavbrott', events: 'Händelser', side: 'sida', colour: 'färg', score: 'poäng',
    singles: 'singel', doubles: 'dubbel', three: 'tre', board: 'omgång {0}', matchOver: 'matchen slut',
    syncOff: 'Resultat: av (--no-results)', syncNotSetUp: 'Resultat: ej inställt', syncTo: 'Resultat till {0} som {1}: {2} väntar',
    refused: ', {0} avvisade', sending: ', skickar',
  },
};

let pageLanguage = 'en';

/** A page message in the table's language, with {0}, {1}, … filled in. */
function words(key, ...args) {
  const t = (PAGE_WORDS[pageLanguage] ?? PAGE_WORDS.en)[key] ?? PAGE_WORDS.en[key];
  return t.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)] ?? ''));
}

/** Speaks `lang` from now on: the fixed labels at once, the rest at the next snapshot. */
function speak(lang) {
  if (lang === pageLanguage || !PAGE_WORDS[lang]) return;
  pageLanguage = lang;
  document.documentElement.lang = lang;
  document.title = words('title');
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = words(el.dataset.i18n);
}
