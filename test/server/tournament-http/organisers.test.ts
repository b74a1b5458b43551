// `carrom serve --add-organiser`, `--list-organisers`, `--remove-organiser` (docs/tournament.md §1) on
// SQLite and PostgreSQL, run from the source through tsx: the password from stdin, kept as scrypt, never
// printed; a reset ends the organiser's sessions, as a removal does.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { openStore } from '../../../server/store/store.ts';
import { checkPassword } from '../../../server/tournament-http/passwords.ts';
import { until } from '../../helpers/servers/answers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { tracked } from '../../../tools/scratch.ts';

const read = (path: string) => readFileSync(path, 'utf8');

const carrom = (args: string[], input = '') => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'tools/carrom.ts', 'serve', ...args], { encoding: 'utf8', input });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, lines: r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) };
};

/** `--add-organiser` on a terminal (a pseudo-terminal from util-linux's `script`): each password typed
 * once its prompt is shown. What the terminal showed, and the exit code. */
async function onTerminal(db: string, name: string, typed: [string, string]): Promise<{ code: number | null; shown: string }> {
  const command = `${process.execPath} --import tsx tools/carrom.ts serve --add-organiser ${name} --db ${db}`;
  const child = tracked(spawn('script', ['-qec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] }));
  let shown = '';
  let code: number | null | undefined;
  child.stdout.setEncoding('utf8').on('data', (d: string) => (shown += d));
  child.on('exit', (c) => (code = c));
  await until('the first prompt', () => shown.includes('Password: ') || code !== undefined);
  child.stdin.write(`${typed[0]}\r`);
  await until('the second prompt', () => shown.includes('Again: ') || code !== undefined);
  child.stdin.write(`${typed[1]}\r`);
  await until('the command has ended', () => code !== undefined);
  return { code: code ?? null, shown };
}

describe('carrom serve: the organisers\' commands', function () {
  this.timeout(120_000);

  it('asks for the password twice on a terminal without showing it, and refuses two that differ', async () => {
    const db = await ENGINES[0].fresh();
    const differ = await onTerminal(db, 'dee', ['first password', 'other password']);
    assert.equal(differ.code, 2);
    assert.match(differ.shown, /the two passwords differ: nothing changed/);
    const same = await onTerminal(db, 'dee', ['terminal password', 'terminal password']);
    assert.equal(same.code, 0, same.shown);
    assert.match(same.shown, /\{"organiser":"dee"\}/);
    assert.doesNotMatch(differ.shown + same.shown, /password(?!s)/, 'nothing typed is echoed');
    const store = await openStore(db);
    try {
      const [row] = await store.sql.all('SELECT hash FROM carrom_organisers WHERE name = ?', ['dee']);
      assert.ok(await checkPassword('terminal password', String(row.hash)));
    } finally {
      await store.close();
    }
  });

  it('refuses a bad name or a second command with exit 2, before touching any database', () => {
    const r = carrom(['--add-organiser', 'Asha Rao', '--db', '/nonexistent/x.db']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--add-organiser: an organiser's name is 1–40 characters of a-z, 0-9, -, \., _ \(not "Asha Rao"\)/);
    const two = carrom(['--list-organisers', '--remove-organiser', 'asha', '--db', '/nonexistent/x.db']);
    assert.equal(two.code, 2);
    assert.match(two.stderr, /--list-organisers and --remove-organiser: one at a time/);
  });

  it('a piped password is the first line of the input, as docs/organiser.md §12.1 says: spaces kept, the line end and a \\r before it not, nothing after it', async () => {
    const db = await ENGINES[0].fresh();
    const hashOf = async (name: string) => {
      const store = await openStore(db);
      try {
        return String((await store.sql.all('SELECT hash FROM carrom_organisers WHERE name = ?', [name]))[0].hash);
      } finally {
        await store.close();
      }
    };
    assert.equal(carrom(['--add-organiser', 'asha', '--db', db], ' two  spaces inside \nsecond line\n').code, 0);
    assert.ok(await checkPassword(' two  spaces inside ', await hashOf('asha')));
    assert.equal(carrom(['--add-organiser', 'ben', '--db', db], 'windows line end\r\nmore').code, 0);
    assert.ok(await checkPassword('windows line end', await hashOf('ben')));
    assert.equal(carrom(['--add-organiser', 'cleo', '--db', db], 'no line end at all').code, 0);
    assert.ok(await checkPassword('no line end at all', await hashOf('cleo')));
    const organiser = read('docs/organiser.md');
    assert.ok(organiser.replace(/\s+/g, ' ').includes('reads one line: the first line of its input, up to the line\'s end (spaces are part of the password; the line end, and a `\\r` before it, are not), and nothing after it'), 'docs/organiser.md says what a piped password reads');
  });

  for (const engine of ENGINES) {
    describe(engine.name, () => {
      it('adds an organiser from a password on stdin, lists it without the password, and keeps only its scrypt', async () => {
        const db = await engine.fresh();
        const added = carrom(['--add-organiser', 'asha', '--db', db], 'correct horse battery\n');
        assert.equal(added.code, 0, added.stderr);
        assert.deepEqual(added.lines, [{ organiser: 'asha' }]);
        const listed = carrom(['--list-organisers', '--db', db]);
        assert.equal(listed.code, 0, listed.stderr);
        assert.equal(listed.lines.length, 1);
        assert.equal(listed.lines[0].organiser, 'asha');
        assert.match(String(listed.lines[0].addedAt), /^\d{4}-\d\d-\d\dT/);
        assert.equal(listed.lines[0].lastLoginAt, null);
        assert.doesNotMatch(listed.stdout + added.stdout + added.stderr, /horse|scrypt/);
        const store = await openStore(db);
        try {
          const [row] = await store.sql.all('SELECT hash FROM carrom_organisers WHERE name = ?', ['asha']);
          assert.match(String(row.hash), /^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/, 'N = 2^15, r = 8, p = 1, a 16-byte salt, a 32-byte key');
          assert.ok(await checkPassword('correct horse battery', String(row.hash)));
          assert.ok(!(await checkPassword('correct horse batterY', String(row.hash))));
        } finally {
          await store.close();
        }
      });

      it('refuses a password under 10 characters or none, and an existing name gets the new password with its sessions ended', async () => {
        const db = await engine.fresh();
        const short = carrom(['--add-organiser', 'ben', '--db', db], 'short\n');
        assert.equal(short.code, 2);
        assert.match(short.stderr, /at least 10 characters: nothing changed/);
        assert.equal(carrom(['--add-organiser', 'ben', '--db', db], '').code, 2, 'nothing on stdin');
        assert.equal(carrom(['--list-organisers', '--db', db]).lines.length, 0, 'no organiser was added');
        assert.equal(carrom(['--add-organiser', 'ben', '--db', db], 'first password\n').code, 0);
        const store = await openStore(db);
        try {
          await store.sql.run("INSERT INTO carrom_sessions (token_hash, organiser, csrf, created_at, seen_at) VALUES ('x', 'ben', 'y', '2026-12-01T10:00:00Z', '2026-12-01T10:00:00Z')");
          const reset = carrom(['--add-organiser', 'ben', '--db', db], 'second password\r\n');
          assert.equal(reset.code, 0, reset.stderr);
          assert.match(reset.stderr, /organiser "ben" has a new password; its sessions have ended/);
          const [row] = await store.sql.all('SELECT hash FROM carrom_organisers WHERE name = ?', ['ben']);
          assert.ok(await checkPassword('second password', String(row.hash)), 'the line end is not part of the password');
          assert.equal((await store.sql.all('SELECT * FROM carrom_sessions')).length, 0);
        } finally {
          await store.close();
        }
      });

      it('--remove-organiser removes it and its sessions; an unknown name exits 1', async () => {
        const db = await engine.fresh();
        assert.equal(carrom(['--add-organiser', 'chandra', '--db', db], 'a long password\n').code, 0);
        const store = await openStore(db);
        try {
          await store.sql.run("INSERT INTO carrom_sessions (token_hash, organiser, csrf, created_at, seen_at) VALUES ('x', 'chandra', 'y', '2026-12-01T10:00:00Z', '2026-12-01T10:00:00Z')");
        } finally {
          await store.close();
        }
        const gone = carrom(['--remove-organiser', 'chandra', '--db', db]);
        assert.equal(gone.code, 0, gone.stderr);
        assert.deepEqual(gone.lines, [{ removed: 'chandra' }]);
        assert.equal(carrom(['--list-organisers', '--db', db]).lines.length, 0);
        const again = carrom(['--remove-organiser', 'chandra', '--db', db]);
        assert.equal(again.code, 1);
        assert.match(again.stderr, /no organiser "chandra"/);
        const after = await openStore(db);
        try {
          assert.equal((await after.sql.all('SELECT * FROM carrom_sessions')).length, 0);
        } finally {
          await after.close();
        }
      });
    });
  }
});
