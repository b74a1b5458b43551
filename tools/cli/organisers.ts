// `carrom serve --add-organiser NAME`, `--list-organisers`, `--remove-organiser NAME`,
// `--unlock-organiser NAME` (docs/tournament.md §1, §2): the only way organisers are added. The password is asked twice on a terminal (not echoed), or read
// as one line from stdin for scripts; it is never printed.
import { addOrganiser, listOrganisers, removeOrganiser, unlockOrganiser } from '../../server/tournament-http/organisers.ts';
import { PASSWORD_MIN } from '../../server/tournament-http/passwords.ts';
import type { Store } from '../../server/store/store.ts';
import { line, say } from './io.ts';

export async function addOrganiserCommand(store: Store, name: string): Promise<number> {
  const password = process.stdin.isTTY ? await askTwice() : await oneLine();
  if (password === null) return 2;
  if ([...password].length < PASSWORD_MIN) {
    say(`the password must have at least ${PASSWORD_MIN} characters: nothing changed`);
    return 2;
  }
  const added = await addOrganiser(store.sql, name, password, new Date().toISOString());
  line({ organiser: name });
  say(added ? `added organiser "${name}"` : `organiser "${name}" has a new password; its sessions have ended and its name may be tried again from every address`);
  return 0;
}

export async function listOrganisersCommand(store: Store): Promise<number> {
  const all = await listOrganisers(store.sql);
  for (const o of all) line(o);
  say(`${all.length} organiser${all.length === 1 ? '' : 's'}`);
  return 0;
}

export async function removeOrganiserCommand(store: Store, name: string): Promise<number> {
  if (!(await removeOrganiser(store.sql, name))) {
    say(`no organiser "${name}" (--list-organisers lists them)`);
    return 1;
  }
  line({ removed: name });
  say(`removed organiser "${name}"; its sessions have ended`);
  return 0;
}

export async function unlockOrganiserCommand(store: Store, name: string): Promise<number> {
  const addresses = await unlockOrganiser(store.sql, name);
  if (addresses === null) {
    say(`no organiser "${name}" (--list-organisers lists them)`);
    return 1;
  }
  line({ unlocked: name, addresses });
  say(`organiser "${name}" may be tried again from every address (${addresses} had wrong passwords counted); its password is unchanged`);
  return 0;
}

/** The first line of stdin, without its line end; null (said why) when there is none. */
async function oneLine(): Promise<string | null> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) {
    chunks.push(c as Buffer);
    if ((c as Buffer).includes(10)) break;
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const nl = text.indexOf('\n');
  if (nl < 0 && text === '') {
    say('no password on stdin: give it as one line');
    return null;
  }
  return (nl < 0 ? text : text.slice(0, nl)).replace(/\r$/, '');
}

async function askTwice(): Promise<string | null> {
  const [first, second] = await askHidden(['Password: ', 'Again: ']);
  if (first !== second) {
    say('the two passwords differ: nothing changed');
    return null;
  }
  return first;
}

/** A line typed on the terminal for each prompt, not echoed. What is typed ahead (or pasted, both lines
 * in one chunk) counts for the next prompt. */
function askHidden(prompts: string[]): Promise<string[]> {
  const stdin = process.stdin;
  const lines: string[] = [];
  let typed = '';
  process.stderr.write(prompts[0]);
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolve) => {
    const onData = (d: Buffer) => {
      for (const ch of d.toString('utf8')) {
        if (lines.length === prompts.length) break;
        if (ch === '\u0003') process.exit(130); // Ctrl-C
        if (ch === '\r' || ch === '\n') {
          lines.push(typed);
          typed = '';
          process.stderr.write('\n');
          if (lines.length < prompts.length) process.stderr.write(prompts[lines.length]);
        } else if (ch === '\u007f' || ch === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += ch;
      }
      if (lines.length === prompts.length) {
        stdin.off('data', onData);
        stdin.setRawMode(false);
        stdin.pause();
        resolve(lines);
      }
    };
    stdin.on('data', onData);
  });
}
