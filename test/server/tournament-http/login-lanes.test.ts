// A flood of wrong logins holds at most LOGIN_LANES of the database's connections at once (PostgreSQL's
// pool has 10): the tables' posts and the pages' reads still find one (the siege, issue 29, measured the
// reads' 99th percentile past 100 ms on PostgreSQL in a run of four while 1,000 guessers tried). The real
// logIn on a real PostgreSQL database; the test only counts the statements in flight through the Sql it
// hands over.
import assert from 'node:assert/strict';
import { openPostgres } from '../../../server/db/postgres.ts';
import { migrate } from '../../../server/db/migrations.ts';
import type { Sql } from '../../../server/db/sql.ts';
import { CheckQueue } from '../../../server/tournament-http/passwords.ts';
import { addOrganiser, logIn, LOGIN_LANES } from '../../../server/tournament-http/organisers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';

describe('wrong logins take at most LOGIN_LANES of the database at once (PostgreSQL)', function () {
  this.timeout(120_000);
  let sql: Sql;
  before(async () => {
    sql = await openPostgres(await ENGINES.find((e) => e.name === 'postgres')!.fresh());
    await migrate(sql);
    await addOrganiser(sql, 'asha', 'the right password', new Date().toISOString());
  });
  after(async () => sql?.close());

  it('60 guessers from 60 addresses at once: every one answered, never more than LOGIN_LANES statements in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const counted = <T>(run: () => Promise<T>) => {
      most = Math.max(most, ++inFlight);
      return run().finally(() => inFlight--);
    };
    const watched: Sql = { ...sql, all: (q, p) => counted(() => sql.all(q, p)), run: (q, p) => counted(() => sql.run(q, p)) };
    const checks = new CheckQueue(60, 60, 60);
    const now = new Date();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => logIn(watched, checks, i % 2 ? 'asha' : `nobody${i}`, 'wrong', `10.0.${i}.1`, now)));
    assert.deepEqual([...new Set(answers.map((a) => (a.ok ? 'ok' : a.why)))], ['wrong']);
    assert.ok(most >= 1, 'the logins ran statements');
    assert.ok(most <= LOGIN_LANES, `${most} statements in flight at once`);
  });
});
