// One small key the host keeps in flash apart from the match journal: the calibration's (the installer's,
// src/app/install/table-config.ts) and the settings' (src/app/screen/settings.ts), and the network's on the
// device. A port: the host builds it.

/** A key the host keeps in flash (Preference on the ESP32, memory in the simulator). */
export interface KeyStore {
  get(): string | null;
  set(text: string): void;
}
