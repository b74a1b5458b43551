// docs/rules.md against the code: its tables are the ones generated from the presets, it explains every
// parameter and every value, and every test it cites exists.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PARAM_NAMES, PARAMS } from '../../src/rules/index.ts';
import { BEGIN, END, presetTables, RULES_DOC, withTables } from '../../tools/docs/rules-doc.ts';
import { DECISION_CASES } from './decisions.test.ts';

const doc = readFileSync(RULES_DOC, 'utf8');
const section = (title: string) => {
  const start = doc.indexOf(`## ${title}`);
  assert.ok(start >= 0, `docs/rules.md has a section "${title}"`);
  const end = doc.indexOf('\n## ', start + 3);
  return doc.slice(start, end < 0 ? doc.length : end);
};

describe('docs/rules.md', () => {
  it('holds the tables generated from src/rules/presets.ts (npx tsx tools/docs/rules-doc.ts)', () => {
    const begin = doc.indexOf(BEGIN);
    const end = doc.indexOf(END);
    assert.ok(begin >= 0 && end > begin, 'the generated part is marked');
    assert.equal(doc.slice(begin + BEGIN.length + 1, end - 1), presetTables());
    assert.equal(withTables(doc), doc);
  });

  it('the generated table has a row for every parameter and a column for every preset', () => {
    const rows = presetTables().split('\n').filter((l) => /^\| `[A-Za-z]+` \|/.test(l) && !l.startsWith('| `icf` |'));
    const named = rows.map((l) => l.slice(3, l.indexOf('`', 3))).filter((n) => (PARAM_NAMES as readonly string[]).includes(n));
    assert.deepEqual(named, [...PARAM_NAMES]);
  });

  it('explains every parameter and every value it may take', () => {
    const text = section('The parameters');
    for (const name of PARAM_NAMES) {
      assert.ok(text.includes(`\`${name}\``), `parameter ${name} is explained`);
      const spec = PARAMS[name];
      if (spec.kind !== 'enum') continue;
      for (const v of spec.values) assert.ok(text.includes(`\`${v}\``), `value ${v} of ${name} is explained`);
    }
  });

  it('every test it cites exists, word for word', () => {
    const dir = join(RULES_DOC, '..', '..', 'test', 'rules');
    const sources = readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => readFileSync(join(dir, f), 'utf8').replace(/\\'/g, "'"))
      .join('\n');
    const cited = [...doc.matchAll(/^- test: `(.+)`$/gm)].map((m) => m[1]);
    assert.ok(cited.length >= 20, `only ${cited.length} tests cited`);
    for (const name of cited) assert.ok(sources.includes(`name: '${name}'`) || sources.includes(`name: "${name}"`), `no test named "${name}"`);
  });

  it('every decision it lists is pinned by the decision tests, and every decision test is listed', () => {
    const text = section('Decisions the texts leave open');
    const listed = [...text.matchAll(/^\*\*(D\d+)\. /gm)].map((m) => m[1]);
    const tested = [...new Set(DECISION_CASES.map((c) => c.name.split(' ')[0]))];
    for (const id of tested) assert.ok(listed.includes(id), `${id} is in the document`);
    for (const id of listed) {
      if (id === 'D8') continue; // pinned in scenarios.test.ts, checked by the citation test above
      assert.ok(tested.includes(id), `${id} has a case in decisions.test.ts`);
      assert.ok(text.includes(`- test: \`${id} `), `${id} cites its cases`);
    }
  });
});
