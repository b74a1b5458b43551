// A body whose log goes on from the table's previous one (kept by the replay thread) is read only where
// it is new: the same record as a whole read gives, and every body a whole read refuses refused with the
// same words, whatever its log goes on from.
import assert from 'node:assert/strict';
import { parseRecord, readBody, type ResultRecord, type SeenLog } from '../../../server/records/record.ts';
import { matchRecords, recordBody } from '../../../tools/results.ts';

const records = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 25 } });

/** What a body read whole gives as the next body's seen log (and warnings). */
function seenOf(body: string): SeenLog {
  const r = readBody(body, undefined);
  assert.ok(r.parsed.ok && r.json !== undefined);
  return { log: r.parsed.value.log, json: r.json, warnings: r.warnings };
}

/** The text between the brackets of a body's state.warnings. */
const warningsJson = (body: string): string => JSON.stringify((JSON.parse(body) as { state: { warnings: unknown[] } }).state.warnings).slice(1, -1);

/** The body of record `i` with its log's new part (after record i-1's log) changed by `change`, as JSON text. */
function withNewPart(i: number, change: (tailJson: string) => string): string {
  const before = JSON.stringify(records[i - 1].log).slice(1, -1);
  const whole = JSON.stringify(records[i].log).slice(1, -1);
  assert.ok(whole.startsWith(before));
  return records[i].body.replace(whole, before + change(whole.slice(before.length)));
}

describe('reading a body that goes on from the table\'s previous log', () => {
  it('reads every record of a match as a whole read does', () => {
    assert.ok(records.length >= 8, `${records.length} records`);
    for (let i = 1; i < records.length; i++) {
      const seen = seenOf(records[i - 1].body);
      assert.deepEqual(readBody(records[i].body, seen).parsed, parseRecord(records[i].body), `record ${i + 1}`);
      assert.deepEqual(readBody(records[i].body, seen).json, seenOf(records[i].body).json, `record ${i + 1}: its log's JSON, for the next`);
      assert.deepEqual(readBody(records[i].body, seen).warnings, seenOf(records[i].body).warnings, `record ${i + 1}: its warnings, for the next`);
    }
  });

  it('takes the seen part as it was read, without reading it again, and reads a log sent with other escapes whole', () => {
    const seen = seenOf(records[2].body);
    // A seen text that is not what its JSON says: only a reader that does not read the seen part again keeps it.
    const marked = { ...seen, log: seen.log.replace('"Asha"', '"ASHA"') };
    assert.notEqual(marked.log, seen.log);
    const r = readBody(records[3].body, marked);
    assert.ok(r.parsed.ok);
    assert.ok(r.parsed.value.log.startsWith(marked.log), 'the seen text is taken as it was');
    // The same log with one quote escaped otherwise (\u0022): its JSON does not begin as the seen one's.
    const escaped = records[3].body.replace('\\"', '\\u0022');
    assert.deepEqual(readBody(escaped, marked).parsed, parseRecord(records[3].body));
  });

  it('takes the seen warnings as they were read, without reading them again', () => {
    const seen = seenOf(records[2].body);
    const w = seen.warnings;
    assert.ok(w && w.value.length > 0 && w.json === warningsJson(records[2].body), 'record 3 has warnings');
    assert.ok(warningsJson(records[3].body).startsWith(`${w.json},`), 'record 4 repeats them first');
    // Seen warnings that are not what their JSON says: only a reader that does not read them again keeps them.
    const marked = { ...seen, warnings: { json: w.json, value: w.value.map(() => 'seen') } };
    const r = readBody(records[3].body, marked);
    assert.ok(r.parsed.ok);
    const whole = parseRecord(records[3].body);
    assert.ok(whole.ok);
    const got = r.parsed.value.state.warnings as unknown[];
    const all = whole.value.state.warnings as unknown[];
    assert.deepEqual(got, [...w.value.map(() => 'seen'), ...all.slice(w.value.length)]);
    // Exactly the seen ones, and a body with other warnings first, read as a whole read does.
    const same = records[3].body.replace(warningsJson(records[3].body), w.json);
    assert.deepEqual((readBody(same, marked).parsed as { value: ResultRecord }).value.state.warnings, w.value.map(() => 'seen'));
    const other = records[3].body.replace(warningsJson(records[3].body), `{"line":1,"warning":"x"},${warningsJson(records[3].body)}`);
    assert.deepEqual(readBody(other, marked).parsed, parseRecord(other));
  });

  describe('refuses what a whole read refuses, with its words', () => {
    const seen = seenOf(records[2].body);
    const body = records[3].body;
    const cases: [string, string, RegExp][] = [
      ['a key twice before the log', body.replace('"table":"hall-1"', '"table":"hall-2","table":"hall-1"'), /key "table" twice/],
      ['a key twice after the log', body.replace('"match":{', '"match":{"over":true,'), /key "over" twice in one object \(at state\.match\.over\)/],
      ['the log twice', body.replace(',"state":', ',"log":"x","state":'), /key "log" twice/],
      ['a value nested too deep after the log', body.replace('"match":{', `"match":{"x":${'['.repeat(100)}${']'.repeat(100)},`), /nests deeper than 64 levels/],
      ['a bad escape in the log\'s new part', withNewPart(3, (t) => `${t}\\x41`), /^body is not JSON/],
      ['a control character in the log\'s new part', withNewPart(3, (t) => `${t}\t`), /^body is not JSON/],
      ['a quote that ends the log early in its new part', withNewPart(3, (t) => `${t.slice(0, 10)}"${t.slice(10)}`), /^body is not JSON/],
      ['a lone surrogate in the log\'s new part', withNewPart(3, (t) => `${t}\\ud800`), /"log" must be Unicode text/],
      ['a lone surrogate where the log was seen', body.replace('\\"Asha\\"', '\\"Asha\\ud800\\"'), /"log" must be Unicode text/],
      ['text after the body', `${body} x`, /^body is not JSON/],
      ['a bad escape in a key', body.replace('"madeAt":null', '"madeAt":null,"\\x41":1'), /^body is not JSON/],
      ['a body inside an array', `[${body}]`, /^body must be a JSON object/],
      ['a NUL in the firmware', body.replace('"firmware":"test-1.0"', '"firmware":"test\\u0000"'), /"firmware" must be a string without NUL/],
      ['a madeAt that is no time', body.replace('"madeAt":null', '"madeAt":"2026-02-30T10:00:00Z"'), /"madeAt" must be an ISO 8601 time/],
      ['a comma and nothing after the seen warnings', body.replace(warningsJson(body), `${warningsJson(records[2].body)},`), /^body is not JSON/],
      ['a comma and a space after the seen warnings', body.replace(warningsJson(body), `${warningsJson(records[2].body)}, `), /^body is not JSON/],
      ['two commas after the seen warnings', body.replace(warningsJson(body), `${warningsJson(records[2].body)},,{}`), /^body is not JSON/],
      ['a key twice in a new warning', body.replace(warningsJson(body), `${warningsJson(records[2].body)},{"line":1,"line":2}`), /key "line" twice in one object \(at state\.warnings\[\d+\]\.line\)/],
      ['a value nested too deep in a new warning', body.replace(warningsJson(body), `${warningsJson(records[2].body)},${'['.repeat(70)}${']'.repeat(70)}`), /nests deeper than 64 levels/],
      ['the warnings twice', body.replace('"warnings":[', '"warnings":[],"warnings":['), /key "warnings" twice/],
    ];
    for (const [what, text, says] of cases) {
      it(what, () => {
        assert.notEqual(text, body, 'the body was changed');
        const whole = parseRecord(text);
        assert.ok(!whole.ok);
        assert.match(whole.error, says);
        assert.deepEqual(readBody(text, seen).parsed, whole);
      });
    }
  });

  it('reads a body whose log is exactly the seen one', () => {
    const again = recordBody('hall-1', 4, 'board', records[2].log);
    assert.deepEqual(readBody(again, seenOf(records[2].body)).parsed, parseRecord(again));
  });
});
