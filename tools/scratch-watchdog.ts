// Started by tools/scratch.ts beside each process that makes a run folder, in a session of its own: waits
// until that process is gone, however it ended (SIGKILL included, when nothing in it could run), then
// reaps what its run folder records (its PostgreSQL clusters stopped, its children stopped, its folders
// removed). At a normal end the process has reaped it itself, and this finds nothing left.
// Usage: tsx tools/scratch-watchdog.ts RUN_FOLDER PID START
import { alive, reap } from './scratch.ts';

const [dir, pid, start] = process.argv.slice(2);
const timer = setInterval(() => {
  if (alive(Number(pid), start)) return;
  clearInterval(timer);
  reap(dir);
}, 500);
