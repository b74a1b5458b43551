// A GET of a path that is no public read (docs/server.md §4: the route table of public reads,
// server/common/public-reads.ts): 405 with `Allow` where the path is there for another method (the
// organiser's writes: WRITTEN_ONLY), 404 elsewhere; and each path WRITTEN_ONLY names is one its method
// reaches (a 401 without a session, never a 404 or a 405), so that the list cannot name a path that is
// not there. Over real HTTP, on both databases.
import assert from 'node:assert/strict';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { isPublicRead, WRITTEN_ONLY } from '../../../server/common/public-reads.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';

const filled = (path: string) => path.replace('{tournament}', '1').replace('{round}', '1').replace('{match}', '1').replace('{entrant}', '1');

for (const engine of ENGINES) {
  describe(`a read of what is no read (${engine.name})`, function () {
    this.timeout(30_000);
    let server: ResultsServer;
    before(async () => {
      server = await startResultsServer({ port: 0, host: '127.0.0.1', db: await engine.fresh(), mdns: false, log: () => undefined });
    });
    after(() => server?.close());

    it('GET /logout: 405 "use POST", Allow: POST (as before the route table)', async () => {
      for (const method of ['GET', 'HEAD']) {
        const r = await fetch(`${server.url}/logout`, { method });
        assert.equal(r.status, 405, method);
        assert.equal(r.headers.get('allow'), 'POST', method);
        if (method === 'GET') assert.deepEqual(await r.json(), { error: 'GET is not allowed on /logout (it takes POST)' });
      }
    });

    it('every path there for another method: 405 with its methods to a GET, and reached by them', async () => {
      for (const { path, allow } of WRITTEN_ONLY) {
        const p = filled(path);
        assert.ok(!isPublicRead(p), `${p} is no read`);
        const got = await fetch(`${server.url}${p}`);
        assert.deepEqual([got.status, got.headers.get('allow')], [405, allow], `GET ${p}`);
        for (const method of allow.split(', ')) {
          const sent = await fetch(`${server.url}${p}`, { method, headers: { 'Content-Type': 'application/json', Origin: server.url }, body: '{}' });
          assert.ok(sent.status !== 404 && sent.status !== 405, `${method} ${p}: ${sent.status} ${await sent.text()}`);
        }
      }
    });

    it('a path of nothing is still a 404, with no Allow', async () => {
      for (const p of ['/nothing', '/api/v1/tournaments/1/rounds/1/nothing', '/logout/more', '/api/v1/tournaments/1/entrants/x']) {
        const r = await fetch(`${server.url}${p}`);
        assert.deepEqual([r.status, r.headers.get('allow')], [404, null], p);
      }
    });
  });
}
