// The files an mcsim build writes under the simulator's file root (/tmp/ on Linux), all named after the
// journal's name (mcconfig's `journal=NAME`, "carrom-journal" unless given): two builds given two names
// share nothing, so a test's run (test/device/mcsim.test.ts gives its own) leaves no outbox, settings or
// network for a developer's next start to pick up. Delete `<root><journal>*` to start afresh.
export const DEFAULT_JOURNAL = 'carrom-journal';

export interface SimulatorFiles {
  /** The journal's two slots: `<journal>0`, `<journal>1`. */
  readonly journal: string;
  /** The results outbox's two slots: `<journal>-outbox0`, `…1`. */
  readonly outbox: string;
  readonly settings: string;
  readonly calibration: string;
  /** Wi-Fi, server and table secret (the setup page's). */
  readonly network: string;
}

export function simulatorFiles(journal: string = DEFAULT_JOURNAL): SimulatorFiles {
  return {
    journal,
    outbox: `${journal}-outbox`,
    settings: `${journal}-settings`,
    calibration: `${journal}-calibration`,
    network: `${journal}-network`,
  };
}
