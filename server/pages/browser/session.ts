// The organiser's pages' session and writes: who is logged in, and every write of the JSON interface
// (docs/tournament.md §3, §4), sent with the session's CSRF token in Carrom-CSRF, so that it passes the
// server's own checks (session, Origin, CSRF) like any other client; every refusal is said on the page
// in the server's words. The forms' helpers too.
import type { SessionAnswer } from '../../json/tournament.ts';
import { byId, el, one, readJson, t } from './core.ts';

type Session = Extract<SessionAnswer, { csrf: string }>;

/** The organiser logged in, when one is. */
export let session: Session | null = null;
// The page held a session that has ended (a logout in another tab, its time up): the forms stay, with
// what was typed in them, and the way to log in opens a new tab, so that this page is kept as it is.
let gone = false;
/** The session, or null for a visitor; rejects while the server cannot say (its database away). */
export async function readSession(): Promise<Session | null> {
  const s = await readJson<SessionAnswer>('/api/v1/session');
  return s.csrf ? s : null;
}
/** Takes the session the server gave as the page's: a new one (a login in another tab) replaces the
 * one held, and none after one held marks it gone. */
export function adopt(s: Session | null): void {
  if (s) {
    session = s;
    gone = false;
  } else if (session || gone) {
    session = null;
    gone = true;
  }
  showSession();
}
/** The forms are an organiser's: a visitor sees the way to log in instead. */
function showSession(): void {
  const visitor = byId('visitor');
  visitor.hidden = session !== null;
  one('span', visitor).textContent = t(gone ? 'sessionGone' : 'logInToChange');
  const login = one<HTMLAnchorElement>('a', visitor);
  login.textContent = t(gone ? 'logInNewTab' : 'logIn');
  if (gone) login.target = '_blank';
  else login.removeAttribute('target');
  const out = byId('logout');
  out.hidden = session === null;
  if (session) {
    byId('who').textContent = t('loggedIn', session.organiser);
    one<HTMLInputElement>('input[name="csrf"]', out).value = session.csrf;
  }
}
/** Whether the page shows the organiser's forms: with a session, or one that has just ended (its forms
 * keep what was typed until the organiser has logged in again). */
export function organiser(): boolean {
  return session !== null || gone;
}
export function orgOnly(node: HTMLElement, when: boolean): void {
  node.hidden = !(organiser() && when);
}
// The page's own reading of the session and what hangs on it (set by each page): run again when the
// organiser comes back to the page, which may have logged out or in elsewhere meanwhile.
let sessionStep: (() => unknown) | null = null;
export function setSessionStep(step: () => unknown): void {
  sessionStep = step;
}
export function recheck(): void {
  if (sessionStep && document.visibilityState !== 'hidden') sessionStep();
}
window.addEventListener('focus', recheck);
document.addEventListener('visibilitychange', recheck);

let answers = 0;
/** Says what the server answered: what was done, or its refusal in its own words; beside `near` (the
 * form sent) when given, so that it is seen where the organiser is, on a phone too. `link`: [href,
 * text] of a link said after the text (opened in a new tab, the page kept). */
export function say(text: string, ok: boolean, near?: Element | null, link?: readonly [string, string]): void {
  const m = byId('message');
  if (near) near.insertAdjacentElement('afterend', m);
  m.textContent = text;
  if (link) {
    m.appendChild(document.createTextNode(' '));
    const a = linkTo(link[0], link[1]);
    a.target = '_blank';
    m.appendChild(a);
  }
  m.className = `message ${ok ? 'good' : 'bad'}`;
  m.setAttribute('role', ok ? 'status' : 'alert');
  m.hidden = false;
  if (near && m.scrollIntoView) m.scrollIntoView({ block: 'nearest' });
  // The button pressed may be gone with the rows read again: the keyboard goes on from the answer.
  if (!document.activeElement || document.activeElement === document.body) m.focus();
  document.body.dataset.answers = String(++answers);
}

/** A write's answer: its status and its body (the server's JSON, or its text as `error`). */
type Sent<A> = { gone?: undefined; status: number; body: (A & { error?: string }) | null } | { gone: true };

/** A write of the JSON interface with the session's CSRF token: resolves {status, body}. A body of
 * type 'text/csv' is sent as it is, any other as JSON. When the session the page holds has ended (a
 * 401, or a 403 for a token that is no longer the session's: a logout, or a login again, in another
 * tab), the server's session now is read: a new one sends the write again, once, with its token; none
 * resolves {gone: true}, the form as it was. */
async function send<A>(method: string, url: string, body: unknown, type?: string, again = false): Promise<Sent<A>> {
  if (!session && gone && !again) {
    const s = await readSession();
    adopt(s);
    return s ? send<A>(method, url, body, type, true) : { gone: true };
  }
  const h: Record<string, string> = { 'Carrom-CSRF': session ? session.csrf : '' };
  if (body !== undefined) h['Content-Type'] = type || 'application/json';
  const data = body === undefined ? undefined : type ? String(body) : JSON.stringify(body);
  const answer = await fetch(url, { method, headers: h, body: data, cache: 'no-store' });
  const text = await answer.text();
  let parsed: (A & { error?: string }) | null = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { error: text } as A & { error?: string };
  }
  const r = { status: answer.status, body: parsed };
  const stale = r.status === 401 || (r.status === 403 && r.body !== null && /CSRF token is (not this session|missing)/.test(r.body.error || ''));
  if (!stale || again) return r;
  const s = await readSession();
  const held = session;
  adopt(s);
  if (!s) return { gone: true };
  return held && held.csrf === s.csrf ? r : send<A>(method, url, body, type, true);
}

/** Sends a write from the form (or the part of the page) `near`; on success runs then(body) (a reload of
 * the page's data) and says done(body); on a refusal says the server's error, and leaves the form as it
 * was, to be put right. `A` is the write's answer (docs/tournament.md §3). */
export function act<A = unknown>(near: Element | null, method: string, url: string, body: unknown, done: (b: A) => string, then?: ((b: A) => unknown) | null, type?: string): Promise<void> {
  return send<A>(method, url, body, type).then(
    async (r) => {
      if (r.gone) return say(t('sessionGone'), false, near, ['/login', t('logInNewTab')]);
      if (r.status >= 200 && r.status < 300) {
        const b = r.body as A;
        await (then ? then(b) : null);
        say(t('done', done(b)), true, near);
        return;
      }
      // A 503 is the database away, not a fault of what was sent: said so, the form kept to send again.
      if (r.status === 503) return say(t('writeUnavailable'), false, near);
      say(t('refusedAnswer', r.status, r.body && r.body.error ? r.body.error : '?'), false, near);
    },
    (e: Error) => say(t('unreachable', e.message), false, near),
  );
}

/** A form's field by name (form.name would be the form's own attribute). */
export function field<E extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement = HTMLInputElement>(form: HTMLFormElement, name: string): E {
  const f = form.elements.namedItem(name);
  if (!f) throw new Error(`club.js: the form #${form.id} has no field ${name}`);
  return f as E;
}
export function value(form: HTMLFormElement, name: string): string {
  return field(form, name).value.trim();
}
export function submitted(form: HTMLFormElement, work: () => void): void {
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    work();
  });
}
export function option(select: HTMLSelectElement, value: string, text: string): void {
  const o = el('option', null, text);
  o.value = value;
  select.appendChild(o);
}
export function linkTo(href: string, text: string): HTMLAnchorElement {
  const a = el('a', null, text);
  a.href = href;
  return a;
}
/** A box per table in `box`: those `chosen` first, ticked, in their order (a match's label counts
 * its table's place, docs/tournament.md §5.1), then the other registered ones. */
export function tableBoxes(box: HTMLElement, registered: readonly string[], chosen: readonly string[]): void {
  box.querySelectorAll('label.check').forEach((l) => l.remove());
  chosen.concat(registered.filter((id) => !chosen.includes(id))).forEach((id) => {
    const l = el('label', 'check');
    const c = el('input');
    c.type = 'checkbox';
    c.name = 'tables';
    c.value = id;
    c.checked = chosen.includes(id);
    l.appendChild(c);
    l.appendChild(document.createTextNode(` ${id}`));
    box.appendChild(l);
  });
}
export function tablesTicked(form: HTMLFormElement): string[] {
  return Array.from(form.querySelectorAll<HTMLInputElement>('input[name="tables"]:checked'), (c) => c.value);
}
