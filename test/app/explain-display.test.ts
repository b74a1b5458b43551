// The table tells the players, on its display, what a call or a shot asks of them: messages one after
// another on the bottom line, and in sentences for the simulator's page.
import assert from 'node:assert/strict';
import { header } from '../../tools/script.ts';
import { makeTable, type TestTable } from '../helpers/table.ts';

const line = (t: TestTable) => (t.app.screen() as { line: string }).line;
const wait = (t: TestTable, us: number) => {
  for (let end = t.clock.t + us; t.clock.t < end; ) {
    t.clock.t += 20_000;
    t.app.tick();
  }
};

describe('the display explains', () => {
  it('a foul the preset does not know: "NOT A FOUL: TOUCH", not "FOUL: TOUCH", and the page says why', () => {
    const t = makeTable(header('icf', 'singles'));
    t.app.call({ call: 'foul', kind: 'touch' });
    wait(t, 40_000);
    assert.equal(line(t), 'NOT A FOUL: TOUCH');
    assert.deepEqual(t.app.explanation(), ['"touch" is not a foul under these rules (icf): the call changes nothing.']);
    assert.deepEqual(t.app.warningNotes(), [{ line: 2, text: '"touch" is not a foul under these rules (icf): the call changes nothing.' }]);
  });

  it('under se touching is a foul, but a touch between shots has no shot to go with', () => {
    const t = makeTable(header('se', 'singles'));
    t.app.call({ call: 'foul', kind: 'touch' });
    wait(t, 40_000);
    assert.equal(line(t), 'NO SHOT IN PLAY');
  });

  it('several messages take turns on the bottom line, 2.5 s each, until something else is shown', () => {
    const t = makeTable(header('icf', 'singles'));
    t.app.call({ call: 'foul', kind: 'technical' }); // ICF 36(a): a man she does not have yet, so owed
    wait(t, 40_000);
    assert.equal(line(t), 'FOUL: TECHNICAL');
    wait(t, 2_500_000);
    assert.equal(line(t), 'DUE: ASHA OWES 1');
    assert.deepEqual(t.app.explanation(), ['Asha owes 1 man: the next one pocketed comes back.']);
    wait(t, 2_500_000);
    assert.equal(line(t), 'FOUL: TECHNICAL', 'and round again');
    t.app.call({ call: 'foul', kind: 'touch' });
    wait(t, 40_000);
    assert.equal(line(t), 'NOT A FOUL: TOUCH');
    wait(t, 5_000_000);
    assert.equal(line(t), 'NOT A FOUL: TOUCH', 'one message stays');
  });
});
