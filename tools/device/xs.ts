// The device model inside the real XS engine (xsnap-worker): the whole run is one command, and the
// model reads each handler's XS operations with the worker's resetMeter (model/device/world.ts
// xsMeter) instead of a round trip to Node per handler.
import { XsWorker } from '../xs/worker.ts';
import { deviceModelScript } from './bundle.ts';

export interface DeviceRunOptions {
  capture: 'today' | 'fixed';
  colour: 'js' | 'native' | 'auto';
  strips: 'js' | 'native' | 'auto';
  opsPerMs: number;
  keepReadings?: boolean;
}

/** What a run answers (model/device/run.ts RunResult, through JSON). */
export interface DeviceRun {
  log: string;
  stats: {
    handlers: number;
    ops: number;
    queueHigh: number;
    refused: number;
    worstLatencyUs: number;
    worstLatencyWhat: string;
    worstHandlerUs: number;
    worstHandler: { what: string; at: number; ops: number; blockedUs: number };
    errors: string[];
    busyUs: number;
  };
  lostEdges: number;
  refusedPosts: number;
  flash: { writes: number; erases: number; heldUs: number };
  busBytes: number;
  spanUs: number;
  originUs: number;
  native: boolean;
  lateColourReads: number;
  boot: { us: number; ops: number };
  logs: string[];
  readings: { t: number; kind: string }[];
  deliveredAt: number[];
}

/** The capture driver the worktree's C is (hosts/device/capture): 'today' until interface 1's retry
 * is merged, then 'fixed'. The model cannot read it from the C: change it with the C. */
export const FIRMWARE_CAPTURE: DeviceRunOptions['capture'] = 'fixed';

/** One XS engine with the model loaded; runs traces one after another. */
export class DeviceModel {
  private readonly xs = new XsWorker();
  private loaded: Promise<unknown> | null = null;

  private load(): Promise<unknown> {
    this.loaded ??= deviceModelScript().then((s) => this.xs.evaluate(s));
    return this.loaded;
  }

  /** The run's result, or an Error with the model's message (a trace it refuses, a firmware that did not boot). */
  async run(trace: string, o: DeviceRunOptions): Promise<DeviceRun> {
    await this.load();
    const a = await this.xs.command(`run\n${JSON.stringify(o)}\n${trace}`);
    const reply = a.reply.toString();
    if (reply.startsWith('error\n')) throw new Error(reply.slice(6));
    return JSON.parse(reply) as DeviceRun;
  }

  close(): void {
    this.xs.close();
  }
}
