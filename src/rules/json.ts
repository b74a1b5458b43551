// A JSON printer of our own, so that Node and XS print the very same bytes (XS's JSON.stringify
// with an indent prints an empty array over two lines; V8 prints "[]"). Flat values stay on one
// line, as docs/formats.md shows them: "score": [12, 0], "queen": {"state": "onBoard", "side": null}.

const WIDTH = 100;

export function formatJson(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const inline = flat(value) ? oneLine(value) : null;
  if (inline !== null && inline.length + indent.length <= WIDTH) return inline;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + formatJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined);
  if (keys.length === 0) return '{}';
  const rows = keys.map((k) => `${inner}${JSON.stringify(k)}: ${formatJson((value as Record<string, unknown>)[k], inner)}`);
  return `{\n${rows.join(',\n')}\n${indent}}`;
}

/** Primitives, or containers of primitives, or containers of those. */
function flat(value: object, depth = 0): boolean {
  for (const v of Object.values(value)) {
    if (v !== null && typeof v === 'object' && (depth >= 1 || !flat(v, depth + 1))) return false;
  }
  return true;
}

function oneLine(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')}}`;
}
