// One small Preference key (NVS), in its own domain (the calibration, the settings): apart from the
// match journal's two slots, so that neither a compaction nor a new match touches it.
import Preference from 'preference';
import type { KeyStore } from '../../src/store/key.ts';

export class PreferenceKey implements KeyStore {
  constructor(
    private readonly domain: string,
    private readonly key: string,
  ) {}

  get(): string | null {
    const v = Preference.get(this.domain, this.key);
    return typeof v === 'string' ? v : null;
  }

  set(text: string): void {
    Preference.set(this.domain, this.key, text);
  }
}
