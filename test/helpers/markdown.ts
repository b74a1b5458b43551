// The code blocks of a markdown document, with the headings they are under: what test/guides.test.ts and
// test/server/production.test.ts run as written.
import assert from 'node:assert/strict';

export interface Block {
  /** The `## ` heading it is under, and the `### ` one if any. */
  section: string;
  subsection: string;
  lang: string;
  text: string;
}

export function blocks(doc: string): Block[] {
  const found: Block[] = [];
  let section = '';
  let subsection = '';
  const lines = doc.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('## ')) [section, subsection] = [line.slice(3), ''];
    else if (line.startsWith('### ')) subsection = line.slice(4);
    const fence = /^```(\w*)$/.exec(line);
    if (!fence) continue;
    const end = lines.indexOf('```', i + 1);
    assert.ok(end > i, `a code block left open at line ${i + 1}`);
    found.push({ section, subsection, lang: fence[1], text: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return found;
}
