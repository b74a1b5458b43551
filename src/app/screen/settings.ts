// The settings menu's choices, kept in flash in one small key of their own (a Preference on the ESP32),
// apart from the match journal: a new match or a compaction never touches them, and a power cut keeps
// them. A stored value that does not parse, or a field that is not one of the menu's choices, is left
// at its default: a bad key never stops the table from booting.

import { isLanguage, type Language } from '../../i18n/index.ts';
import type { KeyStore } from '../../store/key.ts';

export interface Settings {
  /** Quiet time that settles a shot, seconds. */
  settleSeconds: number;
  brightness: 'low' | 'mid' | 'high';
  wifi: boolean;
  /** The display's language (src/i18n). */
  language: Language;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({ settleSeconds: 3, brightness: 'mid', wifi: true, language: 'en' });

export const SETTLE_CHOICES = Object.freeze([2, 3, 4, 5, 6] as const);
export const BRIGHTNESS_CHOICES = Object.freeze(['low', 'mid', 'high'] as const);

/** The settings as kept: JSON, one line, every field. */
export const storedSettings = (s: Settings): string =>
  JSON.stringify({ settleSeconds: s.settleSeconds, brightness: s.brightness, wifi: s.wifi, language: s.language });

/** The settings a stored key says, each field that is not a valid choice at its default. */
export function parseSettings(text: string | null): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  if (text === null) return out;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return out;
  }
  if (typeof v !== 'object' || v === null) return out;
  const o = v as Record<string, unknown>;
  if ((SETTLE_CHOICES as readonly unknown[]).includes(o.settleSeconds)) out.settleSeconds = o.settleSeconds as number;
  if ((BRIGHTNESS_CHOICES as readonly unknown[]).includes(o.brightness)) out.brightness = o.brightness as Settings['brightness'];
  if (typeof o.wifi === 'boolean') out.wifi = o.wifi;
  if (isLanguage(o.language)) out.language = o.language;
  return out;
}

/** Reads the settings from their key (absent: the defaults). */
export const loadSettings = (store: KeyStore | undefined): Settings => parseSettings(store?.get() ?? null);
