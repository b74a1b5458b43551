// The signature check over HTTP: every byte of the HMAC counts, the last as much as the first.
import assert from 'node:assert/strict';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { matchRecords, postRecord, signature } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';

const SECRET = '4b'.repeat(32);

describe('record signatures', function () {
  this.timeout(60_000);
  let server: ResultsServer;
  beforeEach(async () => {
    server = await startResultsServer({ port: 0, host: '127.0.0.1', db: await ENGINES[0].fresh(), mdns: false });
    await server.store.addTable('hall-1', SECRET, '2026-12-01T00:00:00Z');
  });
  afterEach(async () => server.close());

  it('a signature with any one hex digit changed, the last one included, is refused (401) and nothing is stored', async () => {
    const [rec] = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
    const good = signature(SECRET, rec.body);
    const hex = good.slice('sha256='.length);
    for (let i = 0; i < hex.length; i++) {
      const digit = hex[i] === '0' ? '1' : '0';
      const forged = `sha256=${hex.slice(0, i)}${digit}${hex.slice(i + 1)}`;
      const a = await postRecord(server.url, 'hall-1', null, rec.body, { 'Carrom-Signature': forged });
      assert.equal(a.status, 401, `hex digit ${i + 1} of 64 changed: ${JSON.stringify(a.json)}`);
    }
    assert.equal(await server.store.recordCount(), 0);
    assert.equal((await postRecord(server.url, 'hall-1', null, rec.body, { 'Carrom-Signature': good })).status, 201, 'the signature unchanged verifies');
  });
});
