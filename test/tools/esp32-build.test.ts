// The ESP32 build script (tools/esp32-build.ts, `npm run build:esp32`): what it asks for, what it refuses,
// and how it reads a board's flash layout and a build log. The build itself needs the toolchain and ESP-IDF
// (docs/esp32-build.md): the last test runs it when ESP32_TOOLCHAIN and IDF_PATH name them, and says why not
// otherwise (CI has neither).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { appPartitionBytes, logFindings, NONET_MANIFEST } from '../../tools/esp32-build.ts';
import { buildEnv, parseArgs, preflight } from '../../tools/esp32-setup.ts';
import { boardFolders } from '../../tools/boards.ts';
import { CACHE_GUARDED, callees, faults, ISR_ROOTS, reach } from '../../tools/esp32-iram.ts';

const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'tools/esp32-build.ts', ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });

describe('ESP32 build script (npm run build:esp32)', () => {
  it("walks what the capture's ISR calls in the ELF and names each callee outside IRAM and ROM (tools/esp32-iram.ts)", () => {
    // objdump -d lines as the linked image prints them: a direct call8, and -mlongcalls' l32r + callx8.
    const listings: Record<string, string> = {
      captureISR: ['40082781:\t055165        \tcall8\t40087c98 <xPortEnterCriticalTimeout>', '400827f7:\tffefa5        \tcall8\t400826f0 <notify>'].join('\n'),
      notify: ['40082700:\tfff591        \tl32r\ta8, 4008276c <notify+0x7c> (400d9288 <modMessagePostToMachineFromISR>)', '40082703:\t0008e0        \tcallx8\ta8', '40082706:\tfff591        \tl32r\ta9, 40082770 <notify+0x80> (400e0000 <logSomething>)', '40082709:\t0009e0        \tcallx8\ta9'].join('\n'),
      xPortEnterCriticalTimeout: '40087ca0:\t000000        \tcall8\t4000bfdc <_xtos_set_intlevel>',
      samplerEdgeFromISR: '',
    };
    const symbols = new Map<number, string>([[0x40082770, 'captureISR'], [0x40082808, 'samplerEdgeFromISR'], [0x400826f0, 'notify'], [0x40087c98, 'xPortEnterCriticalTimeout'], [0x4000bfdc, '_xtos_set_intlevel'], [0x400d9288, 'modMessagePostToMachineFromISR'], [0x400e0000, 'logSomething']]);
    assert.deepEqual(callees(listings.notify!), [0x400d9288, 0x400e0000]);
    const reached = reach(ISR_ROOTS, symbols, (name) => listings[name] ?? '', CACHE_GUARDED);
    assert.deepEqual(Object.fromEntries(reached.map((r) => [r.name, r.place])), {
      captureISR: 'iram', samplerEdgeFromISR: 'iram', xPortEnterCriticalTimeout: 'iram', notify: 'iram', _xtos_set_intlevel: 'rom', modMessagePostToMachineFromISR: 'flash', logSomething: 'flash',
    });
    // The post behind the cache check is allowed; anything else in flash is a fault, with the path to it.
    assert.deepEqual(faults(reached, CACHE_GUARDED).map((f) => [f.name, f.via.join(' > ')]), [['logSomething', 'captureISR > notify > logSomething']]);
    assert.throws(() => reach(['nowhere'], symbols, () => '', CACHE_GUARDED), /IRAM check: the ISR entry nowhere is not in the image's symbols/);
  });

  it('takes the paths from its flags or the environment, and every board unless told', () => {
    const o = parseArgs(['--toolchain', '/x/tc', '--idf', '/x/idf'], { IDF_PYTHON_ENV_PATH: '/x/py' });
    assert.deepEqual(o, { toolchain: '/x/tc', idf: '/x/idf', pythonEnv: '/x/py', boards: boardFolders(), stage: 'image', jobs: 2, network: true });
    const one = parseArgs(['--board', 'devkit-1beam', '--stage', 'archive', '--jobs', '1'], { ESP32_TOOLCHAIN: '/t', IDF_PATH: '/i', IDF_PYTHON_ENV_PATH: '/p' });
    assert.deepEqual([one.boards, one.stage, one.jobs], [['devkit-1beam'], 'archive', 1]);
  });

  it('builds the firmware without the network from its own manifest, bundle and ESP-IDF config with --no-network', () => {
    const o = parseArgs(['--no-network'], { ESP32_TOOLCHAIN: '/t', IDF_PATH: '/i', IDF_PYTHON_ENV_PATH: '/p' });
    assert.equal(o.network, false);
    const nonet = JSON.parse(readFileSync(NONET_MANIFEST, 'utf8')) as { include: string[]; modules: Record<string, string[]>; preload: string[]; creation: unknown; platforms: Record<string, { include?: string[]; modules?: Record<string, string>; build?: Record<string, string> }> };
    const full = JSON.parse(readFileSync('manifest.json', 'utf8')) as typeof nonet;
    // Everything of the app's manifest but the network (sync is off: no Wi-Fi, mDNS, HTTP modules).
    assert.deepEqual(nonet.include, full.include.filter((i) => !/network|httpclient/.test(i)));
    assert.ok(!/network|http/.test(JSON.stringify([nonet.include, nonet.modules, nonet.preload, nonet.platforms['esp32/*']])), 'no network module in manifest_nonet.json');
    assert.deepEqual(nonet.creation, full.creation);
    const esp32 = nonet.platforms['esp32/*']!;
    // The SDK's io manifest brings its network along on esp32 (manifest_net): ours keeps the rest of it.
    assert.deepEqual(esp32.include, full.platforms['esp32/*']!.include!.map((i) => (i === '$(MODDABLE)/modules/io/manifest.json' ? './hosts/device/esp32/nonet/io-manifest.json' : i)));
    const io = readFileSync('hosts/device/esp32/nonet/io-manifest.json', 'utf8');
    assert.doesNotMatch(io, /manifest_net|socket|wifi/);
    assert.match(io, /"embedded:provider\/builtin": "\$\(SUBPLATFORMDIRECTORY\)\/host\/provider"/);
    assert.equal(esp32.modules!.carrom, './build/device/esp32-nonet/carrom');
    // ESP-IDF configured without binary blobs: esp_wifi then asks the link for none of its libraries.
    const sdkconfig = readFileSync(`${esp32.build!.SDKCONFIGPATH}/sdkconfig.defaults`, 'utf8');
    assert.match(sdkconfig, /^CONFIG_APP_NO_BLOBS=y$/m);
    const entry = readFileSync('hosts/device/esp32/nonet/index.ts', 'utf8');
    assert.match(entry, /const board = referenceBoard\(\);[\s\S]*start\(board\)/);
    assert.doesNotMatch(entry, /withNetwork/);
  });

  it("configures the I²C driver's interrupt to run while flash is written, with and without the network", () => {
    // The sampler's transfers wait 20 ms (sampler.c kTimeoutMs); a littlefs erase holds the cache off for 45 ms,
    // and an I²C interrupt not IRAM-safe would wait for it (docs/device-model.md, "What it does not model").
    const full = JSON.parse(readFileSync('manifest.json', 'utf8')) as { platforms: Record<string, { build?: Record<string, string> }> };
    const nonet = JSON.parse(readFileSync(NONET_MANIFEST, 'utf8')) as typeof full;
    for (const m of [full, nonet]) {
      const path = m.platforms['esp32/*']!.build?.SDKCONFIGPATH;
      assert.ok(path, 'an SDKCONFIGPATH of the project');
      assert.match(readFileSync(`${path}/sdkconfig.defaults`, 'utf8'), /^CONFIG_I2C_ISR_IRAM_SAFE=y$/m, path);
    }
  });

  it('--help (or -h) prints the usage and builds nothing', () => {
    for (const flag of ['--help', '-h']) {
      const r = run([flag]);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /^usage: npm run build:esp32 -- --toolchain DIR --idf DIR --python-env DIR /);
      assert.equal(r.stderr, '');
    }
  });

  it('names the argument that is wrong or missing', () => {
    const env = { ESP32_TOOLCHAIN: '/t', IDF_PATH: '/i', IDF_PYTHON_ENV_PATH: '/p' };
    assert.throws(() => parseArgs(['--idf', '/i', '--python-env', '/p'], {}), /--toolchain: not given/);
    assert.throws(() => parseArgs(['--board', 'nowhere'], env), /--board nowhere: no such board folder in boards\/ \(devkit-1beam, reference-v1\)/);
    assert.throws(() => parseArgs(['--stage', 'flash'], env), /--stage flash: archive or image/);
    assert.throws(() => parseArgs(['--jobs', '0'], env), /--jobs 0: a whole number/);
    assert.throws(() => parseArgs(['--idf'], env), /--idf: needs a value/);
    assert.throws(() => parseArgs(['--verbose'], env), /--verbose: unknown argument/);
  });

  it('says what is missing before it starts a build, each with where it looked', () => {
    const o = parseArgs([], { ESP32_TOOLCHAIN: '/nonexistent/tc', IDF_PATH: '/nonexistent/idf', IDF_PYTHON_ENV_PATH: '/nonexistent/py' });
    const problems = preflight(o, {});
    assert.deepEqual(
      problems.slice(0, 4).map((p) => p.split(':')[0]),
      ['MODDABLE', '--toolchain /nonexistent/tc', '--idf /nonexistent/idf', '--python-env /nonexistent/py'],
    );
    // The real program: exit 2 and the list, not a stack trace.
    const r = run(['--toolchain', '/nonexistent/tc', '--idf', '/nonexistent/idf', '--python-env', '/nonexistent/py']);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^build:esp32: not ready:\n {2}MODDABLE: not set/);
    assert.match(r.stderr, /--toolchain \/nonexistent\/tc: no bin\/xtensa-esp32-elf-gcc/);
    assert.doesNotMatch(r.stderr, /at .*\.ts:\d+/);
    const bad = run(['--board', 'nowhere'], { ESP32_TOOLCHAIN: '/t', IDF_PATH: '/i', IDF_PYTHON_ENV_PATH: '/p' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^build:esp32: --board nowhere: no such board folder/);
  });

  it('runs idf.py with the toolchain first on PATH and without downloads or the constraint check', () => {
    const o = parseArgs([], { ESP32_TOOLCHAIN: '/t', IDF_PATH: '/i', IDF_PYTHON_ENV_PATH: '/p' });
    const env = buildEnv(o, { PATH: '/usr/bin', MODDABLE: '/m' }, '/out');
    assert.equal(env.PATH, '/t/bin:/p/bin:/i/tools:/m/build/bin/lin/release:/usr/bin');
    assert.deepEqual(
      [env.IDF_PATH, env.IDF_PYTHON_ENV_PATH, env.IDF_TOOLS_PATH, env.IDF_PYTHON_CHECK_CONSTRAINTS, env.IDF_COMPONENT_MANAGER, env.MAKEFLAGS_JOBS],
      ['/i', '/p', '/out/idf-tools', 'no', '0', '--jobs=2'],
    );
  });

  it("reads each board's app partition from its partitions.csv", () => {
    for (const board of boardFolders()) {
      const path = `boards/${board}/partitions.csv`;
      assert.ok(appPartitionBytes(readFileSync(path, 'utf8'), path) >= 0x100000, `${path}: at least 1 MiB for the app`);
    }
    assert.equal(appPartitionBytes(readFileSync('boards/reference-v1/partitions.csv', 'utf8'), 'x'), 0x270000);
    assert.equal(appPartitionBytes('nvs, data, nvs, 0x9000, 24K,\nota_0, app, ota_0, 0x10000, 2M,\n', 'x'), 2 * 1024 * 1024);
    assert.throws(() => appPartitionBytes('nvs, data, nvs, 0x9000, 0x6000,\n', 'p.csv'), /p\.csv: no app partition/);
    assert.throws(() => appPartitionBytes('factory, app, factory, 0x10000, big,\n', 'p.csv'), /p\.csv: partition factory: size "big" is not a number/);
  });

  it("picks the errors and the warnings in the project's own C out of a build log", () => {
    const log = [
      '# cc capture.c',
      '/w/hosts/device/capture/capture.c:120:5: warning: unused variable \u2018x\u2019 [-Wunused-variable]',
      '/opt/moddable/xs/sources/xsAll.h:10:1: warning: something of the SDK',
      '/w/hosts/device/capture/sampler.c:40:10: fatal error: driver/i2c.h: No such file or directory',
      'make: *** [/w/build/esp32/tmp/makefile:300: capture.c.o] Error 1',
      'ld: xs_esp32.a(capture.c.o): undefined reference to `gpio_foo\u2019',
    ].join('\n');
    const f = logFindings(log);
    assert.equal(f.ourWarnings.length, 1);
    assert.match(f.ourWarnings[0]!, /capture\.c:120:5: warning: unused variable/);
    assert.equal(f.errors.length, 3);
  });

  it('builds both boards when the toolchain and ESP-IDF are given (docs/esp32-build.md)', function () {
    const why = !process.env.ESP32_TOOLCHAIN || !process.env.IDF_PATH || !process.env.MODDABLE ? 'ESP32_TOOLCHAIN, IDF_PATH or MODDABLE not set (docs/esp32-build.md)' : '';
    if (why) {
      process.stdout.write(`\n  ESP32 build skipped: ${why}\n`);
      this.skip();
    }
    this.timeout(4 * 3600_000);
    const r = run(['--stage', 'archive'], process.env);
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /reached archive/);
  });

  it('links both boards without the network, each with its IRAM check (docs/esp32-build.md, section 5)', function () {
    const why = !process.env.ESP32_TOOLCHAIN || !process.env.IDF_PATH || !process.env.MODDABLE ? 'ESP32_TOOLCHAIN, IDF_PATH or MODDABLE not set (docs/esp32-build.md)' : '';
    if (why) {
      process.stdout.write(`\n  ESP32 image skipped: ${why}\n`);
      this.skip();
    }
    this.timeout(4 * 3600_000);
    const r = run(['--no-network'], process.env);
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.equal(r.stdout.match(/: reached image in \d+ s; image \d+ bytes of \d+/g)?.length, boardFolders().length, r.stdout);
    assert.equal(r.stdout.match(/IRAM check: \d+ functions reachable from the capture's ISR, 0 outside IRAM and ROM/g)?.length, boardFolders().length, r.stdout);
  });
});
