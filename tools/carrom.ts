// The `carrom` command line (docs/formats.md, docs/notation.md, docs/server.md): replay a match log, sense a
// trace, synthesize a trace, write a match log in the carrom notation and read it back, run the club's results server.
import { replayCommand, type Output } from './cli/replay.ts';
import { senseCommand, senseDeviceCommand } from './cli/sense.ts';
import { traceCommand } from './cli/trace.ts';
import { NOTATION_USAGE, notationCommand } from './cli/notation.ts';
import { SERVE_USAGE, serveCommand } from './cli/serve.ts';

const USAGE = `usage:
  carrom replay LOG.jsonl|- [--pretty]   print the final state of a match log
  carrom sense TRACE.jsonl|- [--health]  print the match log a sensor trace makes (health facts on stderr)
  carrom sense TRACE.jsonl|- --device [--ops-per-ms N]
                                         the match log the device would write (the device model, XS)
  carrom trace LOG.jsonl|- [--seed N] [--noise clean|low|medium|high]
               [--table reference|no-colour|one-beam|one-beam-no-colour] [--striker-trains SHARE]
               [--men-trains SHARE] [--readings-anywhere] [--throat] [--out PREFIX]
                                         synthesize the sensor trace of a match (and PREFIX.truth.jsonl)
${NOTATION_USAGE}
${SERVE_USAGE}`;

/** The usage lines of one command (`carrom replay --help`), from USAGE. */
function usageOf(command: string): string {
  const lines = USAGE.split(/\n(?= {2}carrom )/).filter((part) => part.startsWith(`  carrom ${command} `));
  return `usage:\n${lines.join('\n')}\n`;
}

export function run(argv: string[]): Output | Promise<Output> {
  const [command, ...args] = argv;
  if (['replay', 'sense', 'trace', 'notation'].includes(command) && (args.includes('--help') || args.includes('-h'))) return { code: 0, stdout: usageOf(command), stderr: '' };
  switch (command) {
    case 'replay':
      return replayCommand(args);
    case 'sense':
      return args.includes('--device') ? senseDeviceCommand(args) : senseCommand(args);
    case 'trace':
      return traceCommand(args);
    case 'notation':
      return notationCommand(args);
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      return { code: command === undefined ? 2 : 0, stdout: command ? USAGE : '', stderr: command ? '' : USAGE };
    default:
      return { code: 2, stdout: '', stderr: `carrom: unknown command "${command}"\n${USAGE}` };
  }
}

const argv = process.argv.slice(2);
if (argv[0] === 'serve') process.exitCode = await serveCommand(argv.slice(1));
else {
  const out = await run(argv);
  process.stdout.write(out.stdout);
  process.stderr.write(out.stderr);
  process.exitCode = out.code;
}
