// The page's DOM helpers: an element by its id, checked to be what the code takes it for, and new
// elements made with their text and children (never HTML made from strings: a player's name is text).

type Kind<T extends Element> = abstract new (...args: never[]) => T;

/** The element `#id` of index.html, an HTMLElement or of the kind given; a missing one is a clear error. */
export function $(id: string): HTMLElement;
export function $<T extends Element>(id: string, kind: Kind<T>): T;
export function $(id: string, kind: Kind<Element> = HTMLElement): Element {
  const el = document.getElementById(id);
  if (!(el instanceof kind)) throw new Error(`the page has no ${kind.name} #${id}`);
  return el;
}

/** The first element under `root` that `selector` finds, of the kind given; a missing one is a clear error. */
export function find<T extends Element>(root: ParentNode, selector: string, kind: Kind<T>): T {
  const el = root.querySelector(selector);
  if (!(el instanceof kind)) throw new Error(`the page has no ${kind.name} ${selector}`);
  return el;
}

/** A new HTML element with its class (none when empty) and its children. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.append(...children);
  return el;
}

/** A new SVG element with its attributes. */
export function svgElement<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Readonly<Record<string, string | number>>): SVGElementTagNameMap[K] {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
  return el;
}
