// The `carrom` command line (events.md): replay a match log; more commands come with their issues.
import { replayCommand, type Output } from './cli/replay.ts';

const USAGE = `usage:
  carrom replay LOG.jsonl|- [--pretty]   print the final state of a match log
`;

export function run(argv: string[]): Output {
  const [command, ...args] = argv;
  switch (command) {
    case 'replay':
      return replayCommand(args);
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      return { code: command === undefined ? 2 : 0, stdout: command ? USAGE : '', stderr: command ? '' : USAGE };
    default:
      return { code: 2, stdout: '', stderr: `carrom: unknown command "${command}"\n${USAGE}` };
  }
}

const out = run(process.argv.slice(2));
process.stdout.write(out.stdout);
process.stderr.write(out.stderr);
process.exitCode = out.code;
