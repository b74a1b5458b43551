// The device's sync pieces in the real Moddable desktop simulator (mcsim): RFC 4231 through the SDK's
// Digest, and a signed record streamed from a file by the ECMA-419 HTTP transport to a server here on
// loopback, whose signature Node's crypto checks. Then the table itself as a user finds it in mcsim:
// booted three times over one journal (the scripted match plays at the first boot only, the journal
// keeps its size), its display seen in mcsim's first 640×480 window, and keys typed into that window
// changing the display. Needs the Moddable SDK (MODDABLE, its tools on PATH), xvfb-run, and for the
// table's check xwd and xdotool too; skipped with the reason printed otherwise (CI has no SDK).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { basename, resolve } from 'node:path';
import { until } from '../helpers/servers/answers.ts';
import { scratchDir, tracked } from '../../tools/scratch.ts';

const OUT = resolve('build/moddable-check');
const SO = `${OUT}/bin/lin/mc/release/check/mc.so`;
/** The table's build for this check: its own journal files, never a developer's table's (/tmp/carrom-journal*). */
const TABLE_OUT = resolve('build/moddable-table-check');
const TABLE_SO = `${TABLE_OUT}/bin/lin/mc/release/${basename(process.cwd())}/mc.so`;
const JOURNAL = 'carrom-check-journal';
/** The sync check's own files under mcsim's file root (/tmp/): this process's, removed when it ends. */
const FILES = `carrom-check-${process.pid}-`;
const ownFiles = () => readdirSync('/tmp').filter((f) => f.startsWith(FILES));
const JOURNAL_FILES = [0, 1].map((slot) => `/tmp/${JOURNAL}${slot}`); // mcsim's file root on lin
/** Every file the build writes is named after its journal (hosts/device/mcsim/files.ts): all are removed. */
const removeTableFiles = () => {
  for (const f of readdirSync('/tmp')) if (f.startsWith(JOURNAL)) rmSync(`/tmp/${f}`, { force: true });
};
/** The project's simulated device (the OLED and three buttons), the folder mcsim is given. */
const SIMULATOR = resolve('hosts/device/mcsim/simulator');

function missing(tools = ['mcconfig', 'mcsim', 'xvfb-run']): string | null {
  if (process.platform !== 'linux') return 'the mcsim check is written for Linux';
  if (!process.env.MODDABLE) return 'MODDABLE is not set (the Moddable SDK is not installed here)';
  for (const tool of tools) if (spawnSync('which', [tool]).status !== 0) return `${tool} is not on PATH`;
  return null;
}

describe('device sync in mcsim (Moddable SDK)', function () {
  this.timeout(240_000);
  const why = missing();
  if (why) {
    it(`skipped: ${why}`, function () {
      process.stdout.write(`\n  mcsim check skipped: ${why}\n`);
      this.skip();
    });
    return;
  }

  it('RFC 4231 through Digest, the outbox files, Wi-Fi up and refused, a signed record Node verifies, the setup page', async () => {
    const secret = randomBytes(32).toString('hex');
    const seen: { length: number; declared: string | undefined; signatureOk: boolean; table: unknown }[] = [];
    const server: Server = createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => {
        const body = Buffer.concat(parts);
        const want = `sha256=${createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest('hex')}`;
        const ok = req.headers['carrom-signature'] === want && req.url === '/api/v1/records' && req.method === 'POST';
        seen.push({ length: body.length, declared: req.headers['content-length'], signatureOk: ok, table: req.headers['carrom-table'] });
        res.writeHead(ok ? 201 : 401, { 'content-type': 'application/json' }).end(ok ? '{"stored": true}' : '{"error": "signature"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      mkdirSync(OUT, { recursive: true });
      const setupPort = await freePort();
      const args = ['-m', '-p', 'lin', '-t', 'build', '-o', OUT, `server=http://127.0.0.1:${port}`, 'table=table-1', `secret=${secret}`, `setupPort=${setupPort}`, `files=${FILES}`];
      const build = spawnSync('mcconfig', args, {
        cwd: 'hosts/device/check',
        encoding: 'utf8',
      });
      assert.equal(build.status, 0, build.stderr.slice(-2000));
      assert.ok(existsSync(SO));
      const page: { get?: string; bad?: [number, string]; good?: [number, string] } = {};
      const { out, failed } = await runMcsim([SO], 90_000, async (line) => {
        if (!line.startsWith('check: setup open ')) return;
        const base = `http://127.0.0.1:${setupPort}`;
        page.get = await (await fetch(`${base}/`)).text();
        const post = async (form: Record<string, string>) => {
          const r = await fetch(`${base}/save`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
          return [r.status, await r.text()] as [number, string];
        };
        page.bad = await post({ ssid: 'club', password: 'short', server: '', code: '' });
        page.good = await post({ ssid: 'club wifi', password: 'long-enough', server: '', code: `carrom1.table-9.${'c'.repeat(64)}` });
      });
      assert.equal(failed, null, `the setup page: ${failed}`);
      const lines = out.split('\n').filter((l) => l.startsWith('check:'));
      const vectors = lines.filter((l) => l.startsWith('check: rfc4231 '));
      assert.equal(vectors.length, 7, out.slice(-2000));
      for (const l of vectors) assert.match(l, / ok$/);
      assert.ok(lines.includes('check: post answer 201 {"stored": true}'), lines.join('\n'));
      assert.equal(seen.length, 1);
      assert.equal(seen[0].signatureOk, true);
      assert.equal(seen[0].table, 'table-1');
      assert.equal(String(seen[0].length), seen[0].declared);
      assert.ok(seen[0].length > 32 * 1024, 'the body is big enough to stream in many pieces');
      // The outbox's files: appends, ranged reads, the end of the file, erase.
      assert.ok(lines.includes('check: storage 1,2,3,4,5,6,7 | 3,4,5 | 7 | 0'), lines.join('\n'));
      assert.ok(lines.includes('check: keys {"language":"sv"} | club t-9 null'), lines.join('\n'));
      // Wi-Fi against the SDK's simulation: a good network comes up; a refused password goes down and waits.
      assert.ok(lines.includes('check: wifi good down up'), lines.join('\n'));
      assert.ok(lines.includes('check: wifi refused off down'), lines.join('\n')); // off: start() drops the old network first
      assert.ok(lines.some((l) => /^check: wifi log: Wi-Fi disconnect; next try in \d+ s$/.test(l)), lines.join('\n'));
      // Setup mode: an access point named after the table, an 8-digit code, the page, a refused and a good form.
      const open = lines.find((l) => l.startsWith('check: setup open '));
      assert.match(open ?? '', /"network":"carrom-setup","code":"\d{4} \d{4}"/);
      assert.match(page.get ?? '', /<form method="post" action="\/save">/);
      assert.equal(page.bad?.[0], 400);
      assert.match(page.bad?.[1] ?? '', /Wi-Fi password: 5 characters/);
      assert.equal(page.good?.[0], 200);
      assert.match(page.good?.[1] ?? '', /Table <b>table-9<\/b> joins <b>club wifi<\/b>/);
      const closed = lines.find((l) => l.startsWith('check: setup closed '));
      assert.deepEqual(JSON.parse((closed ?? '').slice('check: setup closed '.length)), {
        ssid: 'club wifi', password: 'long-enough', server: null, table: 'table-9', secret: 'c'.repeat(64),
      });
      assert.deepEqual(ownFiles().sort(), [`${FILES}key`, `${FILES}net`], 'the check wrote its keys under its own names only');
    } finally {
      server.close();
      for (const f of ownFiles()) rmSync(`/tmp/${f}`, { force: true });
    }
  });
});

describe('the table in mcsim, as a user finds it (Moddable SDK)', function () {
  this.timeout(420_000);
  const why =
    missing(['mcconfig', 'mcsim', 'xvfb-run', 'xwd', 'xdotool']) ??
    (existsSync('build/device/mcsim/carrom.js') ? null : 'build/device/mcsim/carrom.js is missing (npm run build)');
  if (why) {
    it(`skipped: ${why}`, function () {
      process.stdout.write(`\n  mcsim table check skipped: ${why}\n`);
      this.skip();
    });
    return;
  }
  const table = [SIMULATOR, TABLE_SO];
  const started = /^carrom: it-torneo singles, board (\d+), (\d+) shots$/m;
  /** The first boot, on a blank journal: until the script has been played. */
  const firstBoot = () => runMcsim(table, 180_000, async () => {}, (out) => out.includes('carrom: the scripted match has been played'));
  /** A boot over the journal that holds the match: until the table has run a while (a sync line every 5 s). */
  const restart = () => runMcsim(table, 60_000, async () => {}, (out) => started.test(out) && out.includes('carrom: sync '));

  before(() => {
    // The build of `npm run build:mcsim` (tools/moddable.ts), with journal files of its own.
    mkdirSync(TABLE_OUT, { recursive: true });
    const build = spawnSync('mcconfig', ['-m', '-p', 'lin', '-t', 'build', '-o', TABLE_OUT, `journal=${JOURNAL}`], { encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr.slice(-2000));
    removeTableFiles();
  });
  after(removeTableFiles);

  it('plays the scripted match at the first boot only: over three boots the journal keeps its size', async () => {
    const first = await firstBoot();
    assert.equal(first.timedOut, false, first.out.slice(-3000));
    assert.match(first.out, /^carrom: it-torneo singles, board 1, 0 shots$/m);
    const bytes = journalBytes();
    assert.ok(bytes[0] + bytes[1] > 0, 'the match was journalled');
    const later = [];
    for (const boot of [2, 3]) {
      const { out, timedOut } = await restart();
      assert.equal(timedOut, false, `boot ${boot}: ${out.slice(-3000)}`);
      assert.ok(!out.includes('XS abort'), `boot ${boot}: ${out.slice(-3000)}`);
      assert.ok(out.includes('carrom: the journal holds a match (restored); the scripted match plays only into a blank journal'), `boot ${boot}: ${out.slice(-3000)}`);
      later.push({ boot, bytes: journalBytes(), restored: started.exec(out)?.slice(1) });
    }
    const restored = later[0].restored;
    assert.ok(restored && Number(restored[1]) > 10, `the match restored with its shots: ${restored}`);
    assert.deepEqual(later, [2, 3].map((boot) => ({ boot, bytes, restored })));
  });

  it('shows the display in mcsim’s first window (640×480), and keys typed into the window press its buttons', async () => {
    if (journalBytes().every((n) => n === 0)) assert.equal((await firstBoot()).timedOut, false);
    // On the restored match nothing moves by itself (the script is not played): what changes, keys did.
    const looks: Record<string, ReturnType<typeof seen>> = {};
    let window = '';
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const { out, timedOut, failed } = await runMcsim(
      table,
      90_000,
      async (line, x) => {
        if (!started.test(line)) return;
        await pause(2000); // the window mapped and drawn
        window = /"mcsim": \("mcsim" "Mcsim"\)\s+(\d+x\d+)/.exec(x11(x, 'xwininfo', ['-root', '-tree']).toString())?.[1] ?? '';
        looks.restored = seen(x);
        x11(x, 'xdotool', ['mousemove', '320', '240']); // the pointer in the window: its keys go there
        x11(x, 'xdotool', ['key', 'b']); // select: the menu opens
        await pause(1500);
        looks.menu = seen(x);
        x11(x, 'xdotool', ['key', 'shift+b']); // a long select: back out of the menu
        await pause(2500);
        looks.back = seen(x);
        looks.done = looks.back;
      },
      () => 'done' in looks,
    );
    assert.equal(failed, null, `${failed}\n${out.slice(-3000)}`);
    assert.equal(timedOut, false, out.slice(-3000));
    assert.equal(window, '640x480', 'mcsim’s first window');
    assert.equal(looks.restored.red, 0, 'no red where the display should be');
    assert.ok(looks.restored.lit > 2000, `the OLED's lit pixels are on screen (${looks.restored.lit})`);
    assert.notEqual(looks.menu.digest, looks.restored.digest, 'the key b changed the display');
    assert.equal(looks.back.digest, looks.restored.digest, 'shift+b (a long press) went back to the score');
    const buttons = out.split('\n').filter((l) => l.startsWith('carrom: button '));
    assert.deepEqual(buttons, ['carrom: button select pressed', 'carrom: button select released', 'carrom: button select pressed', 'carrom: button select released']);
  });

  it('keeps the keyboard in the Keys field: after Down, then Tab, a typed key still presses its button', async () => {
    if (journalBytes().every((n) => n === 0)) assert.equal((await firstBoot()).timedOut, false);
    // On the restored match nothing presses a button but the keys typed here. Each step types its own
    // letter, so that a press that comes late cannot be counted for the next step: a (up) once the window
    // shows the field with the focus, then Down and b (select), then Tab and c (down). GTK moves the focus
    // out of the field on Down and on Tab (to mcsim's view, which takes no keys); the old field stayed
    // without it, and b and c did nothing until a click.
    const steps: { key: string | null; letter: string; button: string }[] = [
      { key: null, letter: 'a', button: 'up' },
      { key: 'Down', letter: 'b', button: 'select' },
      { key: 'Tab', letter: 'c', button: 'down' },
    ];
    const done: string[] = [];
    const { out, timedOut, failed } = await runMcsim(
      table,
      90_000,
      async (line, x, output) => {
        if (!started.test(line)) return;
        x11(x, 'xdotool', ['mousemove', '320', '240']); // the pointer in the window: its keys go there
        // No key before the window shows the field with the keyboard's focus (its placeholder hidden).
        await until('the Keys field is drawn with the focus', () => keysField(x) === 'focused', 30_000);
        for (const { key, letter, button } of steps) {
          // Down or Tab: the field takes the focus back within KEEP_FOCUS_MS (carrom.js), so a letter
          // typed at once may be lost, the next one not; 10 s is plenty on a busy machine.
          if (key) x11(x, 'xdotool', ['key', key]);
          await typeUntilPressed(x, output, letter, button, key ? `after ${key}` : 'when mcsim opens', 10_000);
          done.push(letter);
        }
      },
      () => done.length === steps.length,
    );
    assert.equal(failed, null, `${failed}\n${out.slice(-2000)}`);
    assert.equal(timedOut, false, out.slice(-2000));
  });
});

function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

/** mcsim never exits by itself: it runs until `done` says so (by default: "check: done") or the time is up,
 * then is stopped by its id. `onLine` sees each line as it comes (the setup page is filled in while mcsim
 * runs), with the X display it runs on and the output so far (later lines wait for `onLine` to end, the
 * output does not). If `onLine` throws, mcsim is stopped and `failed` says why: a test asserts it is null.
 * mcsim keeps its preferences (window size, controls, simulators folder) in a folder of its own for each
 * run: every run opens as mcsim's first run does. */
function runMcsim(
  files: string[],
  ms: number,
  onLine: (line: string, x: X11, output: () => string) => Promise<void>,
  done = (out: string) => out.includes('check: done'),
): Promise<{ out: string; timedOut: boolean; failed: string | null }> {
  const config = scratchDir('mcsim');
  return new Promise((finish) => {
    // The wrapper says which display and X authority xvfb-run chose, for screenshots and keys.
    const child = tracked(spawn('xvfb-run', ['-a', 'sh', '-c', 'echo "x11 $DISPLAY $XAUTHORITY"; exec stdbuf -oL mcsim "$@"', 'sh', ...files], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, XDG_CONFIG_HOME: config },
    }));
    let out = '';
    let timedOut = false;
    let failed: string | null = null;
    let x: X11 = { display: '', authority: '' };
    let queue = Promise.resolve();
    const stop = () => {
      clearTimeout(timer);
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => ((timedOut = true), stop()), ms);
    let partial = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      partial += d.toString();
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^x11 (\S+) (\S+)$/.exec(line);
        if (m) x = { display: m[1], authority: m[2] };
        // One line at a time: a handler that types into the window sees the answers to what it typed.
        queue = queue.then(() => onLine(line, x, () => out)).catch((e) => void (failed ??= String(e)));
      }
      queue = queue.then(() => void ((done(out) || failed !== null) && stop()));
    });
    child.on('exit', () =>
      queue.then(() => {
        rmSync(config, { recursive: true, force: true });
        finish({ out, timedOut, failed });
      }),
    );
  });
}

interface X11 {
  display: string;
  authority: string;
}

function x11(x: X11, command: string, args: string[]): Buffer {
  const r = spawnSync(command, args, { env: { ...process.env, DISPLAY: x.display, XAUTHORITY: x.authority }, maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, `${command} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** The whole X screen (xwd's format: a big-endian header, a colour map, then rows of 24- or 32-bit
 * pixels, as the server packs them) as RGB per pixel. */
function screenshot(x: X11): { width: number; height: number; rgb: (px: number, py: number) => [number, number, number] } {
  const xwd = x11(x, 'xwd', ['-root', '-silent']);
  const word = (i: number) => xwd.readUInt32BE(i * 4);
  const [headerSize, width, height, byteOrder, bitsPerPixel, bytesPerLine, colours] = [word(0), word(4), word(5), word(7), word(11), word(12), word(19)];
  assert.ok(bitsPerPixel === 24 || bitsPerPixel === 32, `a true-colour screen (${bitsPerPixel} bits a pixel)`);
  const start = headerSize + colours * 12;
  const bytes = bitsPerPixel / 8;
  return {
    width,
    height,
    rgb(px, py) {
      const at = start + py * bytesPerLine + px * bytes;
      const v = byteOrder === 0 ? xwd.readUIntLE(at, 3) : xwd.readUIntBE(at + bytes - 3, 3);
      return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
    },
  };
}

/** What a person sees of the table in the window: red (what mcsim shows in place of a screen that its
 * pane cannot show whole, as the M5Stack skin's at 640×480) and the OLED's lit pixels (rgb565 0xa6ff,
 * about rgb(165, 223, 255)), with a digest of where they are lit. */
function seen(x: X11): { red: number; lit: number; digest: string } {
  const shot = screenshot(x);
  let red = 0;
  let lit = 0;
  const hash = createHash('sha256');
  for (let py = 0; py < shot.height; py++) {
    for (let px = 0; px < shot.width; px++) {
      const [r, g, b] = shot.rgb(px, py);
      if (r > 200 && g < 60 && b < 60) red++;
      if (Math.abs(r - 165) < 24 && Math.abs(g - 223) < 24 && b > 230) {
        lit++;
        hash.update(`${px},${py};`);
      }
    }
  }
  return { red, lit, digest: hash.digest('hex') };
}

/** The Keys field (at 60–308, 55–77 in mcsim's first window) as a person sees it: not drawn yet (not
 * white), or drawn with the keyboard's focus, or without it: GTK shows the field's grey placeholder,
 * "type a, b or c here", only while the field has not the focus. */
function keysField(x: X11): 'not drawn' | 'focused' | 'not focused' {
  const shot = screenshot(x);
  let grey = 0;
  let white = 0;
  for (let py = 57; py < 75; py++) {
    for (let px = 62; px < 305; px++) {
      const [r, g, b] = shot.rgb(px, py);
      if (r > 100 && r < 210 && Math.abs(r - g) < 12 && Math.abs(g - b) < 12) grey++;
      if (r > 250 && g > 250 && b > 250) white++;
    }
  }
  return white < 2000 ? 'not drawn' : grey < 20 ? 'focused' : 'not focused';
}

/** Types `letter` as someone who sees nothing happen would, once a second, until the app logs the press
 * of its `button` or `ms` have passed; says then where the keyboard's focus is seen to be. */
async function typeUntilPressed(x: X11, output: () => string, letter: string, button: string, when: string, ms: number): Promise<void> {
  const pressed = () => output().split('\n').includes(`carrom: button ${button} pressed`);
  const end = Date.now() + ms;
  let typed = 0;
  while (Date.now() < end) {
    x11(x, 'xdotool', ['key', letter]);
    typed++;
    const again = Math.min(end, Date.now() + 1000);
    while (!pressed() && Date.now() < again) await new Promise((r) => setTimeout(r, 50));
    if (pressed()) return;
  }
  const field = keysField(x);
  const where = field === 'not focused' ? 'shows its placeholder: the keyboard’s focus has left it' : `is ${field}`;
  throw new Error(`${when}: the key ${letter}, typed ${typed} times in ${ms / 1000} s, pressed no ${button}; the Keys field ${where}`);
}

function journalBytes(): number[] {
  return JOURNAL_FILES.map((f) => (existsSync(f) ? statSync(f).size : 0));
}
