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
    onBoard: 'On the board: {0} white, {1} black{2}.', withQueen: ', the queen', queenPending: '{0} pocketed the queen and must cover it.', queenCovered: '{0} covered the queen.',
    owesOne: '{0} owes 1 man', owesMany: '{0} owes {1} men', toShoot: 'To shoot: {0}.', waitNameOne: 'Waiting: name 1 piece (press ●).', waitNameMany: 'Waiting: name {0} pieces (press ●).',
    waitColour: 'Waiting: {0} chooses a colour (press ●).', waitPlaced: 'Waiting: {0} places the men owed.', notesOnLog: 'Notes on the log', line: 'Line {0}: {1}',
    nothingToStrike: 'Nothing to strike: place the striker first (click or tap a baseline).',
    keysHint: "keys: ↑ ↓ and Enter or Space (hold to go back)", upTitle: "up (↑)", downTitle: "down (↓)", selectTitle: "select (Enter or Space; hold to go back)",
    upLabel: "up", downLabel: "down", selectLabel: "select", tableLabel: "the carrom table", displayLabel: "the table's display", notesLabel: "what the table asks", warningsLabel: "what the table did not take",
    waitLost: "Waiting: shot {0} may have been lost in the power cut. Press ● and say what went in (LOST SHOT), or put its pieces back and play it again.", faultsNow: "Faults now: {0}", fault_stuck: "beam {0} stays blocked", fault_blind: "beam {0} sees nothing (the other beam counts)", fault_colourSilent: "colour sensor {0} gives no reading", fault_stripSilent: "strip {0} reports nothing", ev_strike: "strike from seat {0}", ev_pocket: "{0} into pocket {1}", ev_settle: "at rest", ev_undo: "shot taken back", ev_identify: "named: {0}", ev_nocontact: "no contact called", ev_nocross: "no cross called", ev_offboard: "off the board: {0}", ev_foul: "foul called: {0}", ev_colour: "colour chosen: {0}", ev_placed: "men placed", man: "man", unknown: "unknown piece", foul_touch: "touch", foul_technique: "technique", foul_line: "line", foul_backshot: "back shot", foul_placement: "placement", foul_technical: "technical", foul_other: "other", offline: "The simulator does not answer (stopped?): reconnecting…", baseLabel: "baseline of seat {0}: Enter places the striker, ← → move it", pocketLabel: "pocket {0}: Enter drops the chosen piece",
    gameWon: "game {0} won by {1}",
  },
  pt: {
    title: 'Simulador da mesa de carrom', clubPage: 'Página do clube', drop: 'Meter numa bolsa:', white: 'branca', black: 'vermelha', queen: 'rainha', striker: 'striker',
    place: 'Clique numa linha para colocar o striker, depois', strike: 'Disparar', settle: 'Parar agora', faults: 'Avarias', stuck: 'Feixe preso', noisy: 'Feixe com ruído',
    none: 'nenhum', noColour: 'sem sensor de cor', wifi: 'Wi-Fi ligado', powerCut: 'Corte de energia', events: 'Eventos', side: 'lado', colour: 'cor', score: 'pontos',
    singles: 'singulares', doubles: 'pares', three: 'três', board: 'board {0}', matchOver: 'jogo terminado',
    syncOff: 'Envio de resultados: desligado (--no-results)', syncNotSetUp: 'Envio de resultados: não configurado', syncTo: 'Resultados para {0} como {1}: {2} em fila',
    refused: ', {0} recusados', sending: ', a enviar',
    onBoard: 'No tabuleiro: {0} brancas, {1} vermelhas{2}.', withQueen: ', a rainha', queenPending: '{0} meteu a rainha e tem que a cobrir.', queenCovered: '{0} cobriu a rainha.',
    owesOne: '{0} deve 1 pedra', owesMany: '{0} deve {1} pedras', toShoot: 'Vez de {0}.', waitNameOne: 'À espera: identificar 1 peça (prima ●).', waitNameMany: 'À espera: identificar {0} peças (prima ●).',
    waitColour: 'À espera: {0} escolhe uma cor (prima ●).', waitPlaced: 'À espera: {0} coloca as pedras que deve.', notesOnLog: 'Notas sobre o registo', line: 'Linha {0}: {1}',
    nothingToStrike: 'Nada a disparar: coloque primeiro o striker (clique ou toque numa linha).',
    keysHint: "teclas: ↑ ↓ e Enter ou Espaço (manter premido para voltar)", upTitle: "para cima (↑)", downTitle: "para baixo (↓)", selectTitle: "selecionar (Enter ou Espaço; manter premido para voltar)",
    upLabel: "para cima", downLabel: "para baixo", selectLabel: "selecionar", tableLabel: "a mesa de carrom", displayLabel: "o ecrã da mesa", notesLabel: "o que a mesa pede", warningsLabel: "o que a mesa não aceitou",
    waitLost: "À espera: o disparo {0} pode ter-se perdido no corte de energia. Prima ● e diga o que entrou (DISPARO PERDIDO), ou reponha as peças e repita-o.", faultsNow: "Avarias agora: {0}", fault_stuck: "feixe {0} sempre cortado", fault_blind: "feixe {0} não vê nada (conta o outro feixe)", fault_colourSilent: "sensor de cor {0} sem leitura", fault_stripSilent: "linha {0} não responde", ev_strike: "disparo do lugar {0}", ev_pocket: "{0} na bolsa {1}", ev_settle: "parado", ev_undo: "disparo anulado", ev_identify: "identificada: {0}", ev_nocontact: "sem contacto", ev_nocross: "não cruzou", ev_offboard: "fora do tabuleiro: {0}", ev_foul: "falta: {0}", ev_colour: "cor escolhida: {0}", ev_placed: "pedras colocadas", man: "pedra", unknown: "peça desconhecida", foul_touch: "toque", foul_technique: "técnica", foul_line: "linha", foul_backshot: "disparo para trás", foul_placement: "colocação", foul_technical: "técnica (entre disparos)", foul_other: "outra", offline: "O simulador não responde (parado?): a religar…", baseLabel: "linha do lugar {0}: Enter coloca o striker, ← → move-o", pocketLabel: "bolsa {0}: Enter mete a peça escolhida",
    gameWon: "partida {0} ganha por {1}",
  },
  sl: {
    title: 'Simulator mize za carrom', clubPage: 'Stran kluba', drop: 'Potopi v luknjo:', white: 'bela', black: 'črna', queen: 'kraljica', striker: 'striker',
    place: 'Klikni osnovno linijo, da postaviš striker, nato', strike: 'Udarec', settle: 'Umiri zdaj', faults: 'Okvare', stuck: 'Zataknjen žarek', noisy: 'Šumen žarek',
    none: 'brez', noColour: 'brez senzorja barve', wifi: 'Wi-Fi deluje', powerCut: 'Izpad elektrike', events: 'Dogodki', side: 'stran', colour: 'barva', score: 'točke',
    singles: 'posamezno', doubles: 'dvojice', three: 'trije', board: 'igra {0}', matchOver: 'konec matcha',
    syncOff: 'Pošiljanje rezultatov: izklopljeno (--no-results)', syncNotSetUp: 'Pošiljanje rezultatov: ni nastavljeno', syncTo: 'Rezultati na {0} kot {1}: {2} v vrsti',
    refused: ', {0} zavrnjenih', sending: ', pošilja',
    onBoard: 'Na plošči: bele {0}, črne {1}{2}.', withQueen: ', kraljica', queenPending: '{0} je potopil kraljico in jo mora pokriti.', queenCovered: '{0} je pokril kraljico.',
    owesOne: '{0} dolguje 1 ploščico', owesMany: '{0} dolguje ploščic: {1}', toShoot: 'Na potezi: {0}.', waitNameOne: 'Čaka: poimenuj 1 ploščico (pritisni ●).', waitNameMany: 'Čaka: poimenuj ploščice, {0} (pritisni ●).',
    waitColour: 'Čaka: {0} izbere barvo (pritisni ●).', waitPlaced: 'Čaka: {0} postavi dolgovane ploščice.', notesOnLog: 'Opombe k zapisu', line: 'Vrstica {0}: {1}',
    nothingToStrike: 'Ni česa udariti: najprej postavi striker (klikni ali tapni osnovno linijo).',
    keysHint: "tipke: ↑ ↓ ter Enter ali preslednica (drži za nazaj)", upTitle: "gor (↑)", downTitle: "dol (↓)", selectTitle: "izberi (Enter ali preslednica; drži za nazaj)",
    upLabel: "gor", downLabel: "dol", selectLabel: "izberi", tableLabel: "miza za carrom", displayLabel: "zaslon mize", notesLabel: "kaj miza zahteva", warningsLabel: "česa miza ni sprejela",
    waitLost: "Čaka: udarec {0} se je morda izgubil ob izpadu elektrike. Pritisni ● in povej, kaj je padlo (IZGUBLJEN UDAREC), ali vrni ploščice in ga ponovi.", faultsNow: "Okvare zdaj: {0}", fault_stuck: "žarek {0} ostaja prekinjen", fault_blind: "žarek {0} ne vidi ničesar (šteje drugi žarek)", fault_colourSilent: "senzor barve {0} ne daje meritev", fault_stripSilent: "linija {0} ne poroča", ev_strike: "udarec z mesta {0}", ev_pocket: "{0} v luknjo {1}", ev_settle: "mirovanje", ev_undo: "udarec preklican", ev_identify: "poimenovano: {0}", ev_nocontact: "brez stika", ev_nocross: "ni prečkal", ev_offboard: "s plošče: {0}", ev_foul: "prekršek: {0}", ev_colour: "izbrana barva: {0}", ev_placed: "ploščice postavljene", man: "ploščica", unknown: "neznana ploščica", foul_touch: "dotik", foul_technique: "tehnika", foul_line: "linija", foul_backshot: "udarec nazaj", foul_placement: "postavitev", foul_technical: "tehnični", foul_other: "drugo", offline: "Simulator se ne odziva (ustavljen?): ponovno povezujem…", baseLabel: "osnovna linija mesta {0}: Enter postavi striker, ← → ga premika", pocketLabel: "luknja {0}: Enter spusti izbrano ploščico",
    gameWon: "del {0} dobil {1}",
  },
  it: {
    title: 'Simulatore del tavolo da carrom', clubPage: 'Pagina del club', drop: 'Imbuca in una buca:', white: 'bianca', black: 'nera', queen: 'regina', striker: 'striker',
    place: 'Clicca una linea di base per piazzare lo striker, poi', strike: 'Tira', settle: 'Ferma ora', faults: 'Guasti', stuck: 'Raggio bloccato', noisy: 'Raggio disturbato',
    none: 'nessuno', noColour: 'senza sensore di colore', wifi: 'Wi-Fi attivo', powerCut: 'Blackout', events: 'Eventi', side: 'lato', colour: 'colore', score: 'punti',
    singles: 'singolo', doubles: 'doppio', three: 'tre', board: 'partita {0}', matchOver: 'incontro finito',
    syncOff: 'Invio risultati: spento (--no-results)', syncNotSetUp: 'Invio risultati: non configurato', syncTo: 'Risultati a {0} come {1}: {2} in coda',
    refused: ', {0} rifiutati', sending: ', invio in corso',
    onBoard: 'Sul tavolo: {0} bianche, {1} nere{2}.', withQueen: ', la regina', queenPending: '{0} ha imbucato la regina e deve confermarla.', queenCovered: '{0} ha confermato la regina.',
    owesOne: '{0} deve 1 pedina', owesMany: '{0} deve {1} pedine', toShoot: 'Al tiro: {0}.', waitNameOne: 'In attesa: indica 1 pedina (premi ●).', waitNameMany: 'In attesa: indica {0} pedine (premi ●).',
    waitColour: 'In attesa: {0} sceglie un colore (premi ●).', waitPlaced: 'In attesa: {0} rimette le pedine dovute.', notesOnLog: 'Note sul registro', line: 'Riga {0}: {1}',
    nothingToStrike: 'Niente da tirare: prima piazza lo striker (clicca o tocca una linea di base).',
    keysHint: "tasti: ↑ ↓ e Invio o Spazio (tieni premuto per tornare)", upTitle: "su (↑)", downTitle: "giù (↓)", selectTitle: "seleziona (Invio o Spazio; tieni premuto per tornare)",
    upLabel: "su", downLabel: "giù", selectLabel: "seleziona", tableLabel: "il tavolo da carrom", displayLabel: "il display del tavolo", notesLabel: "cosa chiede il tavolo", warningsLabel: "cosa il tavolo non ha accettato",
    waitLost: "In attesa: il tiro {0} può essere andato perso nel blackout. Premi ● e indica cosa è entrato (TIRO PERSO), o rimetti le pedine e ripetilo.", faultsNow: "Guasti ora: {0}", fault_stuck: "raggio {0} sempre interrotto", fault_blind: "raggio {0} non vede nulla (conta l'altro raggio)", fault_colourSilent: "sensore di colore {0} senza letture", fault_stripSilent: "linea {0} non risponde", ev_strike: "tiro dal posto {0}", ev_pocket: "{0} nella buca {1}", ev_settle: "fermo", ev_undo: "tiro annullato", ev_identify: "indicata: {0}", ev_nocontact: "nessun contatto", ev_nocross: "non ha attraversato", ev_offboard: "fuori dal tavolo: {0}", ev_foul: "fallo: {0}", ev_colour: "colore scelto: {0}", ev_placed: "pedine rimesse", man: "pedina", unknown: "pedina sconosciuta", foul_touch: "tocco", foul_technique: "tecnica", foul_line: "linea", foul_backshot: "tiro all'indietro", foul_placement: "piazzamento", foul_technical: "tecnico", foul_other: "altro", offline: "Il simulatore non risponde (fermo?): riconnessione…", baseLabel: "linea di base del posto {0}: Invio piazza lo striker, ← → lo muovono", pocketLabel: "buca {0}: Invio imbuca la pedina scelta",
    gameWon: "gioco {0} vinto da {1}",
  },
  ro: {
    title: 'Simulatorul mesei de carrom', clubPage: 'Pagina clubului', drop: 'Bagă în buzunar:', white: 'albă', black: 'neagră', queen: 'regina', striker: 'atacant',
    place: 'Clic pe o linie de bază pentru a plasa atacantul, apoi', strike: 'Lovește', settle: 'Oprește acum', faults: 'Defecte', stuck: 'Rază blocată', noisy: 'Rază cu zgomot',
    none: 'niciuna', noColour: 'fără senzor de culoare', wifi: 'Wi-Fi pornit', powerCut: 'Pană de curent', events: 'Evenimente', side: 'parte', colour: 'culoare', score: 'puncte',
    singles: 'simplu', doubles: 'dublu', three: 'trei', board: 'tabla {0}', matchOver: 'joc încheiat',
    syncOff: 'Trimiterea rezultatelor: oprită (--no-results)', syncNotSetUp: 'Trimiterea rezultatelor: neconfigurată', syncTo: 'Rezultate către {0} ca {1}: {2} în coadă',
    refused: ', {0} refuzate', sending: ', se trimite',
    onBoard: 'Pe tablă: {0} albe, {1} negre{2}.', withQueen: ', regina', queenPending: '{0} a băgat regina și trebuie să o acopere.', queenCovered: '{0} a acoperit regina.',
    owesOne: '{0} datorează 1 piesă', owesMany: '{0} datorează {1} piese', toShoot: 'La rând: {0}.', waitNameOne: 'Se așteaptă: numiți 1 piesă (apăsați ●).', waitNameMany: 'Se așteaptă: numiți {0} piese (apăsați ●).',
    waitColour: 'Se așteaptă: {0} alege o culoare (apăsați ●).', waitPlaced: 'Se așteaptă: {0} pune piesele datorate.', notesOnLog: 'Note despre jurnal', line: 'Linia {0}: {1}',
    nothingToStrike: 'Nimic de lovit: plasați întâi atacantul (clic sau atingeți o linie de bază).',
    keysHint: "taste: ↑ ↓ și Enter sau Spațiu (țineți apăsat pentru înapoi)", upTitle: "sus (↑)", downTitle: "jos (↓)", selectTitle: "selectare (Enter sau Spațiu; țineți apăsat pentru înapoi)",
    upLabel: "sus", downLabel: "jos", selectLabel: "selectare", tableLabel: "masa de carrom", displayLabel: "ecranul mesei", notesLabel: "ce cere masa", warningsLabel: "ce nu a acceptat masa",
    waitLost: "Se așteaptă: lovitura {0} poate s-a pierdut în pana de curent. Apăsați ● și spuneți ce a intrat (LOVITURĂ PIERDUTĂ), sau puneți piesele înapoi și repetați-o.", faultsNow: "Defecte acum: {0}", fault_stuck: "raza {0} rămâne blocată", fault_blind: "raza {0} nu vede nimic (numără cealaltă rază)", fault_colourSilent: "senzorul de culoare {0} nu dă citiri", fault_stripSilent: "linia {0} nu raportează", ev_strike: "lovitură de la locul {0}", ev_pocket: "{0} în buzunarul {1}", ev_settle: "oprit", ev_undo: "lovitură anulată", ev_identify: "numită: {0}", ev_nocontact: "fără contact", ev_nocross: "nu a trecut", ev_offboard: "în afara tablei: {0}", ev_foul: "fault: {0}", ev_colour: "culoare aleasă: {0}", ev_placed: "piese puse", man: "piesă", unknown: "piesă necunoscută", foul_touch: "atingere", foul_technique: "tehnică", foul_line: "linie", foul_backshot: "lovitură înapoi", foul_placement: "plasare", foul_technical: "tehnic", foul_other: "altul", offline: "Simulatorul nu răspunde (oprit?): reconectare…", baseLabel: "linia de bază a locului {0}: Enter plasează atacantul, ← → îl mută", pocketLabel: "buzunarul {0}: Enter bagă piesa aleasă",
    gameWon: "partida {0} câștigată de {1}",
  },
  sv: {
    title: 'Simulator för carrombordet', clubPage: 'Klubbens sida', drop: 'Sänk i ett hål:', white: 'vit', black: 'svart', queen: 'drottning', striker: 'anfallare',
    place: 'Klicka på en baslinje för att placera anfallaren, sedan', strike: 'Skjut', settle: 'Stilla nu', faults: 'Fel', stuck: 'Fastnad stråle', noisy: 'Störd stråle',
    none: 'ingen', noColour: 'ingen färgsensor', wifi: 'Wi-Fi uppe', powerCut: 'Strömavbrott', events: 'Händelser', side: 'sida', colour: 'färg', score: 'poäng',
    singles: 'singel', doubles: 'dubbel', three: 'tre', board: 'omgång {0}', matchOver: 'matchen slut',
    syncOff: 'Resultat: av (--no-results)', syncNotSetUp: 'Resultat: ej inställt', syncTo: 'Resultat till {0} som {1}: {2} väntar',
    refused: ', {0} avvisade', sending: ', skickar',
    onBoard: 'På brädet: {0} vita, {1} svarta{2}.', withQueen: ', drottningen', queenPending: '{0} sänkte drottningen och måste täcka den.', queenCovered: '{0} täckte drottningen.',
    owesOne: '{0} är skyldig 1 pjäs', owesMany: '{0} är skyldig {1} pjäser', toShoot: 'På tur: {0}.', waitNameOne: 'Väntar: ange 1 pjäs (tryck ●).', waitNameMany: 'Väntar: ange {0} pjäser (tryck ●).',
    waitColour: 'Väntar: {0} väljer färg (tryck ●).', waitPlaced: 'Väntar: {0} placerar skuldpjäserna.', notesOnLog: 'Anteckningar om loggen', line: 'Rad {0}: {1}',
    nothingToStrike: 'Inget att skjuta: placera anfallaren först (klicka eller tryck på en baslinje).',
    keysHint: "tangenter: ↑ ↓ och Enter eller Mellanslag (håll inne för att gå tillbaka)", upTitle: "upp (↑)", downTitle: "ner (↓)", selectTitle: "välj (Enter eller Mellanslag; håll inne för att gå tillbaka)",
    upLabel: "upp", downLabel: "ner", selectLabel: "välj", tableLabel: "carrombordet", displayLabel: "bordets display", notesLabel: "vad bordet ber om", warningsLabel: "vad bordet inte tog emot",
    waitLost: "Väntar: skott {0} kan ha gått förlorat i strömavbrottet. Tryck ● och ange vad som gick i (FÖRLORAT SKOTT), eller lägg tillbaka pjäserna och spela om det.", faultsNow: "Fel nu: {0}", fault_stuck: "stråle {0} förblir bruten", fault_blind: "stråle {0} ser ingenting (den andra strålen räknar)", fault_colourSilent: "färgsensor {0} ger inga värden", fault_stripSilent: "linje {0} svarar inte", ev_strike: "skott från plats {0}", ev_pocket: "{0} i hål {1}", ev_settle: "stilla", ev_undo: "skottet ångrat", ev_identify: "angiven: {0}", ev_nocontact: "ingen kontakt", ev_nocross: "korsade inte", ev_offboard: "utanför brädet: {0}", ev_foul: "fel: {0}", ev_colour: "vald färg: {0}", ev_placed: "pjäser placerade", man: "pjäs", unknown: "okänd pjäs", foul_touch: "beröring", foul_technique: "teknik", foul_line: "linje", foul_backshot: "bakåtskott", foul_placement: "placering", foul_technical: "tekniskt", foul_other: "annat", offline: "Simulatorn svarar inte (stoppad?): återansluter…", baseLabel: "baslinje vid plats {0}: Enter placerar anfallaren, ← → flyttar den", pocketLabel: "hål {0}: Enter sänker vald pjäs",
    gameWon: "parti {0} vunnet av {1}",
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
  // The hints and the names a screen reader says: the keys' hint is how a player learns the keys.
  for (const el of document.querySelectorAll('[data-i18n-title]')) el.title = words(el.dataset.i18nTitle);
  for (const el of document.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', words(el.dataset.i18nLabel, el.dataset.i18nArg));
}
