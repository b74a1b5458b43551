// The golden screens: each is a state of a scripted match and what else the display shows. `npm run
// screens` writes them to test/fixtures/screens (look at them before committing: --preview DIR writes
// 4× copies); the golden test compares every pixel.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicState } from '../../src/rules/state.ts';
import { Frame } from '../../src/view/frame.ts';
import { render } from '../../src/view/render.ts';
import { playScreen, type Corner, type Screen } from '../../src/view/screen.ts';
import { playState } from '../../test/helpers/play.ts';
import { framePng } from '../../hosts/simulator/png.ts';
import { installScreens } from './screens-install.ts';
import { languageScreens } from './screens-languages.ts';
import { header, scriptEvents } from '../script.ts';
import { syncMenu } from '../../src/app/screen/menu.ts';
import { describeEvent } from '../../src/app/say/describe.ts';
import { explainEvent } from '../../src/app/say/explain.ts';
import { start, step } from '../../src/rules/engine.ts';

const ok: Corner = { fault: false, wifi: 'up' };
/** The player on turn takes the queen, covers it and clears his men. */
const RUN = (x: string) => [`${x} ${x} ${x}`, 'Q', x, `${x} ${x} ${x} ${x} ${x}`];

function game(rules: string, mode: 'singles' | 'doubles' | 'three', steps: string[], last: string, corner = ok): Screen {
  return playScreen(header(rules, mode), publicState(playState(rules, steps, { mode })), last, corner);
}

/** The play screen after a scripted match (its first `upto` events), its bottom line showing message `n` of what its last event explained. */
function explained(rules: string, steps: string[], n: number, upto?: number): Screen {
  const h = header(rules, 'singles');
  const s0 = start(h);
  if (!s0.ok) throw new Error(s0.error);
  let s = s0.value;
  let said: string[] = [];
  scriptEvents(steps).slice(0, upto).forEach((e, i) => {
    const after = step(s, e, i + 2);
    said = explainEvent(e, s, after, h, describeEvent(e, s, after, h)).map((x) => x.display);
    s = after;
  });
  return playScreen(h, publicState(s), said[n], ok);
}

export const SCREENS: Readonly<Record<string, () => Screen>> = {
  'play-singles': () => game('icf', 'singles', ['W W', 'Q', 'W', '-', 'K K K'], 'BLACK → P3'),
  'play-doubles': () => game('se', 'doubles', ['W W W', '-', 'K'], 'TURN PASSES'),
  'play-three': () => game('ro-gamerules', 'three', ['K W', 'W', '-', 'K K'], 'SHOOT AGAIN'),
  'prompt-identify': () => game('icf', 'singles', ['W W', 'U'], 'UNKNOWN → P1'),
  'prompt-colour': () => game('it-torneo', 'singles', ['K'], 'BLACK → P0'),
  'dues-and-fault': () => game('icf', 'singles', ['S', '-', 'S'], 'STRIKER: DUE', { fault: true, wifi: 'down' }),
  'prompt-lost-shot': () => playScreen(header('icf', 'singles'), publicState(playState('icf', ['W W', '-'], { mode: 'singles' })), 'RESTORED', ok, 'SHOT 3 LOST? SELECT'),
  'menu-lost-shot': () => ({ kind: 'menu', title: 'SHOT 3: 2W Q', items: ['WHITE WENT IN', 'BLACK WENT IN', 'QUEEN WENT IN', 'STRIKER WENT IN', 'LOG THE SHOT', 'PUT BACK, REPLAY', 'START AGAIN', 'BACK'], selected: 2, corner: ok }),
  'match-over': () => game('pt-fpc', 'singles', [...RUN('W'), '-', ...RUN('K'), ...RUN('W')], 'BOARD: ASHA +12'),
  'play-sync': () => game('icf', 'singles', ['W W', 'Q', 'W', '-', 'K K K'], 'BOARD: ASHA +5', { fault: false, wifi: 'up', sync: { queued: 3, trouble: true } }),
  'play-sync-offline': () => game('icf', 'singles', ['W W', '-', 'K'], 'TURN PASSES', { fault: true, wifi: 'down', sync: { queued: 12, trouble: true } }),
  'sync-menu': () => {
    const m = syncMenu({
      view: () => ({ configured: true, queued: 2, refused: 1, damaged: 0, sending: false, error: 'no answer: ECONNREFUSED', retryInS: 34, table: 'club-3', server: 'http://192.168.1.20:8090' }),
      retryNow: () => {},
      forget: () => {},
      openSetup: () => ({ error: 'none' }),
      closeSetup: () => {},
    });
    return { kind: 'menu', title: m.title, items: m.items.map((i) => i.label), selected: 0, corner: { fault: false, wifi: 'up', sync: { queued: 3, trouble: true } } };
  },
  'explain-put-back': () => explained('icf', ['W W', 'S W'], 1),
  'explain-placer': () => explained('icf', ['W W', 'S W'], 2),
  'explain-queen-back': () => explained('icf', ['W W', 'Q', '-'], 2),
  'explain-not-a-foul': () => explained('icf', ['W W', '!foul:touch'], 0),
  'explain-wrong-baseline': () => explained('icf', ['@2 W W'], 1, 1),
  // docs/players.md explains each mark of this one (the tool writes it there at 4×, too).
  'players-guide': () => {
    const h = header('icf', 'singles');
    const s = publicState(playState('icf', ['W W', '-', 'S', 'W', 'Q'], { mode: 'singles' }));
    return playScreen(h, s, 'QUEEN: COVER IT', { fault: true, wifi: 'up', sync: { queued: 2, trouble: false } });
  },
  // Accented capitals at full height, their marks above: in the names, the turn's line and the bottom line.
  'accented-names': () => {
    const h = { ...header('icf', 'singles'), players: ['ŠPELA', 'ÊNIO'] };
    return playScreen(h, publicState(playState('icf', ['W W', '-'], { mode: 'singles' })), 'FALTA: COLOCAÇÃO Í', ok, undefined, 'pt');
  },
  'accented-menu': () => ({ kind: 'menu', title: 'DEFINIÇÕES', items: ['ČŠŽ ÍÊ', 'ÂĂÎȘȚ', 'ÅÄÖ', 'ÀÈÉÌÒÙ', 'ÁÃÓÔÕÚ'], selected: 1, corner: { fault: true, wifi: 'up' } }),
  menu: () => ({ kind: 'menu', title: 'CALL', items: ['OFF BOARD', 'FOUL', 'NO CONTACT', 'NO CROSS', 'COLOUR', 'PLACED', 'BACK'], selected: 2, corner: ok }),
  'menu-scrolled': () => ({ kind: 'menu', title: 'FOUL', items: ['TOUCH', 'TECHNIQUE', 'LINE', 'BACK SHOT', 'PLACEMENT', 'TECHNICAL', 'OTHER', 'BACK'], selected: 5, corner: { fault: true, wifi: 'off' } }),
  ...installScreens(ok),
  ...languageScreens(ok),
};

export const FIXTURES = 'test/fixtures/screens';
/** The display as docs/players.md shows it. */
export const PLAYERS_PICTURE = 'docs/players-display.png';

export function renderScreen(name: string): Frame {
  return render(new Frame(), SCREENS[name]());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--preview');
  const preview = i >= 0 ? process.argv[i + 1] : null;
  mkdirSync(FIXTURES, { recursive: true });
  if (preview) mkdirSync(preview, { recursive: true });
  for (const name of Object.keys(SCREENS)) {
    const frame = renderScreen(name);
    writeFileSync(join(FIXTURES, `${name}.png`), framePng(frame));
    if (preview) writeFileSync(join(preview, `${name}.png`), framePng(frame, 4));
    console.log(name);
  }
  writeFileSync(PLAYERS_PICTURE, framePng(renderScreen('players-guide'), 4));
}
