// The device model inside the real XS engine (xsnap-worker): the whole run is one command, and the
// model reads each handler's XS operations with the worker's resetMeter (model/device/meter.ts
// xsMeter) instead of a round trip to Node per handler.
import { XsWorker } from '../xs/worker.ts';
import { deviceModelScript } from './bundle.ts';
import type { RunResult } from '../../model/device/run.ts';

export interface DeviceRunOptions {
  capture: 'today' | 'fixed' | 'iram';
  colour: 'js' | 'native' | 'auto';
  strips: 'js' | 'native' | 'auto';
  opsPerMs: number;
  keepReadings?: boolean;
}

/** What a run answers: model/device/run.ts's RunResult through JSON, whose readings keep their time and kind. */
export type DeviceRun = Omit<RunResult, 'readings'> & { readings: { t: number; kind: string }[] };

/** The capture driver hosts/device/capture's C is: 'iram' since its GPIO interrupt service is in IRAM
 * (the interrupt runs while flash is written); 'fixed' (issue 15: it retries a refused post and re-reads
 * quiet pins) and 'today' (before) model the drivers that came before. The model cannot read it from the
 * C: change it with the C. */
export const FIRMWARE_CAPTURE: DeviceRunOptions['capture'] = 'iram';

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
