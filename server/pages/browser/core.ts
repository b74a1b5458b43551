// What every page of club.js uses: the page's language and words, making elements (every name and value
// from a table goes in through textContent, never markup), the JSON reads tried again while they fail,
// and the event stream. The words are the page's language's (../words.ts): the one chosen on the page,
// else the browser's first that the pages speak, else English.
import type { RecordEventJson, RefusedForwardJson } from '../../json/club.ts';
import { PAGE_LANGUAGE_NAMES, PAGE_LANGUAGES, PAGE_WORDS, type PageLanguage } from '../words.ts';

/** The page's kind, from its shell (server/pages/html.ts's `data-page`). */
export const page = document.body.dataset.page ?? '';

const isLanguage = (l: string | null): l is PageLanguage => (PAGE_LANGUAGES as readonly (string | null)[]).includes(l);

function pickLanguage(): PageLanguage {
  let kept: string | null = null;
  try {
    kept = localStorage.getItem('carrom-language');
  } catch {
    /* storage off: the browser's */
  }
  if (isLanguage(kept)) return kept;
  const wanted = navigator.languages || [navigator.language || 'en'];
  for (const w of wanted) {
    const l = String(w).slice(0, 2).toLowerCase();
    if (isLanguage(l)) return l;
  }
  return 'en';
}
export const lang = pickLanguage();

/** The page's words for key, {0}, {1}, … filled in. */
export function t(key: string, ...values: unknown[]): string {
  let s = PAGE_WORDS[lang][key] || PAGE_WORDS.en[key] || key;
  values.forEach((v, i) => {
    s = s.split(`{${i}}`).join(String(v));
  });
  return s;
}

/** The element of the page with this id (the shell has it: one missing is a fault of the page). */
export function byId<E extends HTMLElement = HTMLElement>(id: string): E {
  const e = document.getElementById(id);
  if (!e) throw new Error(`club.js: the page has no #${id}`);
  return e as E;
}
/** The first element of the page, or of `within`, that `selector` matches (one the shell has). */
export function one<E extends Element = HTMLElement>(selector: string, within: ParentNode = document): E {
  const e = within.querySelector<E>(selector);
  if (!e) throw new Error(`club.js: the page has no ${selector}`);
  return e;
}

/** A new element: its class, and its text (a value shown as text, nothing for null or undefined). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string | null, text?: unknown): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

/** A table wider than its box (a phone) says that it scrolls sideways, rather than hide its columns. */
export function hintWide(): void {
  document.querySelectorAll<HTMLElement>('.wide').forEach((w) => {
    const more = w.scrollWidth > w.clientWidth + 1;
    const before = w.previousElementSibling;
    const hint = before && before.classList.contains('scroll-hint') ? before : null;
    if (more && !hint) w.parentNode?.insertBefore(el('p', 'scroll-hint', t('scrollHint')), w);
    if (!more && hint) hint.remove();
  });
}

/** The page in its language: the shell's words, the language chooser. */
export function translatePage(): void {
  window.addEventListener('resize', hintWide);
  document.documentElement.lang = lang;
  document.querySelectorAll<HTMLElement>('[data-t]').forEach((e) => {
    e.textContent = t(e.dataset.t ?? '');
  });
  const chooser = document.getElementById('language') as HTMLSelectElement | null;
  if (!chooser) return;
  chooser.setAttribute('aria-label', t('language'));
  for (const l of PAGE_LANGUAGES) {
    const o = el('option', null, PAGE_LANGUAGE_NAMES[l]);
    o.value = l;
    chooser.appendChild(o);
  }
  chooser.value = lang;
  chooser.addEventListener('change', () => {
    try {
      localStorage.setItem('carrom-language', chooser.value);
    } catch {
      /* this page only */
    }
    location.reload();
  });
}

/** A match's sides' names: a doubles team's two players joined. */
export function sides(players: readonly string[] | null, mode: string): string[] {
  if (!players) return [];
  if (mode === 'doubles') return [`${players[0]} & ${players[2]}`, `${players[1]} & ${players[3]}`];
  return players.slice();
}

/** A read of the JSON interface, answering `T`. The server's failures (a 503 while its database is away,
 * a 500) and no answer at all reject, so that the page says so and reads again (retried); a refusal of
 * the request itself (a 404 for an unknown tournament or round) is an answer, its body given as any other:
 * a caller that expects one reads `Partial<…>` and looks at the field it needs. */
export async function readJson<T>(url: string): Promise<T> {
  const r = await fetch(url, { cache: 'no-store' });
  const body = (await r.json()) as T & { error?: string };
  if (r.status >= 500) throw new Error(body.error || String(r.status));
  return body;
}

// The pages' reads that are failing now: the line under the header (#trouble) shows while any is.
let failing = 0;
/** A page's reads (load), one at a time, tried again every 5 s while they fail, with the line saying so:
 * a page opened while the database was away fills in by itself once it is back, and one open when it
 * goes away says so and keeps what it showed (load changes the page only once all its reads are in). A
 * call while a read runs reads once more after it, so that an older read never shows after a newer; a
 * call while a retry waits runs it at once. run answers a promise that resolves once the page is read (or
 * its retry is set), never rejecting. */
export function retried(load: () => unknown): () => Promise<void> {
  let wait: ReturnType<typeof setTimeout> | undefined;
  let reading: Promise<void> | null = null;
  let again = false;
  let bad = false;
  function mark(failed: boolean): void {
    if (failed !== bad) failing += failed ? 1 : -1;
    bad = failed;
    byId('trouble').hidden = failing === 0;
  }
  function run(): Promise<void> {
    clearTimeout(wait);
    wait = undefined;
    if (reading) {
      again = true;
      return reading;
    }
    reading = Promise.resolve()
      .then(load)
      .then(
        () => mark(false),
        () => mark(true),
      )
      .then(() => {
        reading = null;
        if (again) {
          again = false;
          return run();
        }
        if (bad) wait = setTimeout(run, 5000);
      });
    return reading;
  }
  return run;
}

/** Games won per side, where the rules play several games: "games 2–1", else "". */
export function games(s: { match: { games: readonly { winner: number }[] } }, count: number): string {
  if (!s.match.games.length) return '';
  const won: number[] = [];
  for (let i = 0; i < count; i++) won.push(0);
  s.match.games.forEach((g) => won[g.winner]++);
  return t('games', won.join('–'));
}

export function time(iso: string | null): string {
  return iso ? new Date(iso).toLocaleTimeString(lang) : '';
}

let seen = 0;
/** The event stream. After a lost connection the browser reconnects with the id of the last event it got
 * (Last-Event-ID), and the server sends what came meanwhile first; when that is no longer kept it sends a
 * reset event, and everything is read again. A stream the server refused (its cap, 503) is not retried by
 * the browser: a new one is opened later, and everything read again. onRefused is called at each refused
 * forward. */
export function live(onRecord: (r: RecordEventJson) => void, reload?: (() => unknown) | null, onRefused?: (f: RefusedForwardJson) => void, again = false): void {
  const mark = byId('live');
  const es = new EventSource('/api/v1/events');
  es.onopen = () => {
    mark.textContent = t('live');
    mark.className = 'live on';
    if (again && reload) reload();
    again = false;
  };
  es.onerror = () => {
    mark.textContent = t('reconnecting');
    mark.className = 'live';
    if (es.readyState === 2) setTimeout(() => live(onRecord, reload, onRefused, true), 30000);
  };
  es.addEventListener('reset', () => {
    if (reload) reload();
  });
  es.addEventListener('record', (m) => {
    seen++;
    document.body.dataset.records = String(seen);
    onRecord(JSON.parse(m.data) as RecordEventJson);
  });
  if (onRefused) es.addEventListener('forward-refused', (m) => onRefused(JSON.parse(m.data) as RefusedForwardJson));
}
