// Writes the generated part of docs/rules.md from src/rules/presets.ts: the presets, and every parameter's
// value in each preset with the clause it comes from. test/rules/doc.test.ts checks the document holds
// exactly this text, so the document cannot drift from the data.
//
//   npx tsx tools/docs/rules-doc.ts          # rewrites docs/rules.md between the markers

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PARAM_NAMES, type ParamName } from '../../src/rules/params.ts';
import { PRESET_IDS, PRESETS } from '../../src/rules/presets.ts';

export const RULES_DOC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'rules.md');
export const BEGIN = '<!-- generated from src/rules/presets.ts by `npx tsx tools/docs/rules-doc.ts`: do not edit by hand -->';
export const END = '<!-- end of generated part -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function value(name: ParamName, v: unknown): string {
  if (v === null) return 'none';
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'object') return Object.entries(v as Record<string, number>).map(([k, n]) => `${k} ${n}`).join(', ');
  if (name === 'strikerPlacementRule') return String(v); // free text, shown to players
  return `\`${String(v)}\``;
}

/** The generated part, markers excluded. */
export function presetTables(): string {
  const out: string[] = [];
  out.push('### The presets', '');
  out.push('| preset | source | notes |', '|---|---|---|');
  for (const id of PRESET_IDS) {
    const p = PRESETS[id];
    out.push(`| \`${id}\` | ${cell(p.title)} | ${cell(p.notes.join(' ')) || '—'} |`);
  }
  out.push('', '### Every parameter in every preset', '');
  out.push('Each cell: the value, then the clause it comes from.', '');
  out.push(`| parameter | ${PRESET_IDS.map((id) => `\`${id}\``).join(' | ')} |`);
  out.push(`|---|${PRESET_IDS.map(() => '---').join('|')}|`);
  for (const name of PARAM_NAMES) {
    const cells = PRESET_IDS.map((id) => {
      const p = PRESETS[id];
      return `${cell(value(name, p.params[name]))}<br>${cell(p.sources[name])}`;
    });
    out.push(`| \`${name}\` | ${cells.join(' | ')} |`);
  }
  return out.join('\n');
}

/** The document with its generated part replaced. */
export function withTables(doc: string): string {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`docs/rules.md lacks the markers ${BEGIN} … ${END}`);
  return `${doc.slice(0, begin + BEGIN.length)}\n${presetTables()}\n${doc.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(RULES_DOC, withTables(readFileSync(RULES_DOC, 'utf8')));
}
