// The organiser's pages (docs/tournament.md §8): the list of tournaments with the form that creates one,
// and a tournament's own page with every write of §3 and §4 as a form. Shells only, as the club pages:
// club.js (browser/tournaments.ts, browser/organiser.ts) reads the public JSON, puts every name in with textContent, and shows the
// forms (class "org", hidden here) only to an organiser logged in. A form is sent by the script as the
// JSON interface's write, with the session's CSRF token: the same path and checks as any other client.
import { shell } from './html.ts';
import { PAGE_WORDS } from './words.ts';

/** A word of the page, in English until club.js puts in the page's language. */
const w = (key: string) => `<span data-t="${key}">${PAGE_WORDS.en[key]}</span>`;
/** A select's options: [value, the key of its words]. */
const choices = (list: [string, string][]) => list.map(([value, key]) => `<option value="${value}" data-t="${key}">${PAGE_WORDS.en[key]}</option>`).join('');
const field = (key: string, input: string) => `<label>${w(key)} ${input}</label>`;

/** Who is logged in (or the way to log in), and the line every answer of the server is said on. */
const SESSION = `<div class="session">
<p id="visitor">${w('logInToChange')} <a href="/login">${w('logIn')}</a></p>
<form id="logout" class="org" method="post" action="/logout" hidden><span id="who"></span> <input type="hidden" name="csrf" value=""><button type="submit">${w('logOut')}</button></form>
</div>
<p id="message" class="message" role="status" aria-live="polite" tabindex="-1" hidden></p>`;

export const TOURNAMENTS_PAGE = shell('tournaments', 'listTitle', `${SESSION}
<section>
<div class="wide"><table id="tournament-list">
<thead><tr><th>${w('colName')}</th><th>${w('colDate')}</th><th>${w('colSystem')}</th><th>${w('colStatus')}</th><th class="n">${w('colRound')}</th></tr></thead>
<tbody></tbody>
</table></div>
<p id="no-tournaments" hidden>${w('noTournaments')}</p>
</section>
<form id="create" class="org form" hidden>
<h2>${w('create')}</h2>
${field('fName', '<input name="name" required maxlength="120">')}
${field('fDate', '<input name="date" type="date" required>')}
${field('fRules', '<select name="rules"></select>')}
${field('fOptions', '<input name="options" value="{}" spellcheck="false">')}
${field('fMode', `<select name="mode">${choices([['singles', 'singles'], ['doubles', 'doubles']])}</select>`)}
${field('fSystem', `<select name="system">${choices([['swiss', 'swiss'], ['knockout', 'knockout'], ['all-play-all', 'all-play-all']])}</select>`)}
${field('fCouplings', '<select name="couplings"><option>serial</option><option>dazed</option><option>staggered</option></select>')}
${field('fRounds', '<input name="rounds" type="number" min="1" max="99" value="5">')}
<fieldset id="create-tables"><legend>${w('fTables')}</legend><p id="no-registered" hidden>${w('noRegistered')}</p></fieldset>
<button type="submit">${w('createIt')}</button>
</form>`);

const section = (id: string, title: string, body: string) => `<section id="${id}" class="block">\n<h2>${w(title)}</h2>\n${body}\n</section>`;

export const TOURNAMENT_PAGE = shell('organiser', 'orgTitle', `${SESSION}
<nav id="links" class="links" aria-label="${PAGE_WORDS.en.links}"></nav>
${section('summary', 'summary', `<dl id="facts" class="facts"></dl>
<form id="change" class="org form" hidden>
<h3>${w('change')}</h3>
${field('fName', '<input name="name" required maxlength="120">')}
${field('fDate', '<input name="date" type="date" required>')}
${field('fRounds', '<input name="rounds" type="number" min="1" max="99">')}
${field('fDelay', '<input name="delay" type="number" min="0" max="60" required>')}
<fieldset id="change-tables"><legend>${w('fTables')}</legend></fieldset>
<button type="submit">${w('changeIt')}</button>
</form>`)}
${section('entrants', 'entrants', `<div class="wide"><table id="entrant-list"><thead><tr><th class="n">${w('colSeed')}</th><th>${w('colName')}</th><th>${w('colClub')}</th><th>${w('colNat')}</th><th class="n">${w('colRating')}</th><th>${w('colState')}</th><th class="org" hidden></th></tr></thead><tbody></tbody></table></div>
<p id="no-entrants" hidden>${w('noEntrants')}</p>
<form id="add-entrant" class="org form" hidden>
<h3 id="add-title">${w('addEntrant')}</h3>
${field('fName', '<input name="name" required maxlength="40">')}
${field('fClub', '<input name="club" maxlength="120">')}
${field('fNat', '<input name="nationality" maxlength="3" size="4">')}
${field('fRating', '<input name="rating" type="number" step="any">')}
<div id="partner" hidden>${field('fPartner', '<input name="partner" maxlength="40">')}${field('fPartnerClub', '<input name="partnerClub" maxlength="120">')}</div>
<button type="submit">${w('addIt')}</button>
</form>
<form id="import" class="org form" hidden>
<h3>${w('importCsv')}</h3>
${field('fCsv', '<textarea name="csv" rows="6" spellcheck="false"></textarea>')}
${field('fFile', '<input name="file" type="file" accept=".csv,text/csv">')}
<button type="submit">${w('importIt')}</button>
</form>`)}
${section('rounds', 'rounds', `<nav id="round-pick" class="round-pick"></nav>
<h3 id="round-title"></h3>
<p id="no-rounds" hidden>${w('noRounds')}</p>
<div class="wide"><table id="match-list"><thead><tr><th class="n">${w('colBoardNo')}</th><th>${w('colTable')}</th><th>${w('colA')}</th><th>${w('colB')}</th><th>${w('colBreaker')}</th><th>${w('colStatusMatch')}</th><th>${w('colResult')}</th></tr></thead><tbody></tbody></table></div>
<form id="draw" class="org form inline" hidden><button type="submit" id="draw-button"></button></form>
<div id="draft" class="org" hidden>
<form id="swap" class="form inline"><h3>${w('swap')}</h3>${field('fFirst', '<select name="first"></select>')} ${field('fSecond', '<select name="second"></select>')} <label class="check"><input type="checkbox" name="rematch"> ${w('fRematch')}</label> <button type="submit">${w('swapIt')}</button></form>
<form id="move" class="form inline"><h3>${w('move')}</h3>${field('fMatch', '<select name="match"></select>')} ${field('fTable', '<select name="table"></select>')} <button type="submit">${w('moveIt')}</button></form>
<p class="buttons"><button type="button" id="publish">${w('publish')}</button> <button type="button" id="discard">${w('discard')}</button></p>
</div>
<form id="correct" class="org form" hidden>
<h3>${w('correct')}</h3>
${field('fMatch', '<select name="match"></select>')}
${field('fWhat', `<select name="what">${choices([['result', 'whatResult'], ['walkover', 'whatWalkover'], ['replay', 'whatReplay']])}</select>`)}
<div data-what="result"><label><span id="label-a"></span> <input name="a" type="number" min="0" max="999"></label> <label><span id="label-b"></span> <input name="b" type="number" min="0" max="999"></label></div>
<div data-what="walkover" hidden>${field('fWinner', '<select name="winner"><option value="a"></option><option value="b"></option></select>')}</div>
<div data-what="replay" hidden>${field('fTable', '<select name="table"></select>')}</div>
${field('fReason', '<input name="reason" maxlength="200">')}
<button type="submit">${w('correctIt')}</button>
</form>`)}
${section('standings-block', 'standings', `<p id="standings-title"></p><div class="wide"><table id="standings-list"><thead><tr><th class="n">${w('colRank')}</th><th>${w('colName')}</th><th class="n">${w('colPoints')}</th><th class="n">${w('colBucholz')}</th><th class="n">${w('colNet')}</th><th class="n">${w('colTotal')}</th><th class="n">${w('colPlayed')}</th></tr></thead><tbody></tbody></table></div>`)}
${section('log', 'log', `<ol id="log-list" class="log-list"></ol><p id="no-log" hidden>${w('noLog')}</p>`)}`);
