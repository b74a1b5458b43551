// Every figure the device model charges, with where it comes from (docs/device-model.md says the same
// in prose). Anything marked "assumed" is an assumption until measured on a reference board.

export const FIGURES = Object.freeze({
  // --- the message queue and the capture ring -------------------------------------------------------
  /** Slots of the JavaScript task's message queue, shared by every poster (capture, sampler, buttons'
   * Digital, network): MODDEF_TASK_QUEUELENGTH, 10 by default (xs/platforms/esp/xsHost.c). A post to a
   * full queue returns -1 (modMessagePostToMachineFromISR). */
  queueSlots: 10,
  /** The edge ring (hosts/device/capture/edges.h kEdges): 512 slots, one always free. */
  ringEdges: 512,

  // --- I²C ----------------------------------------------------------------------------------------
  /** Bus clock (boards/reference-v1/board.json i2c.hz). */
  i2cHz: 400_000,
  /** Each byte is 8 data bits and an acknowledge bit (I²C specification, UM10204 §3.1.6). */
  i2cBitsPerByte: 9,
  /** A START and a STOP condition, one bit time each, around every transaction (UM10204 §3.1.4); the
   * address byte is counted as a byte. The ESP-IDF driver's own set-up time per transaction is NOT
   * modelled (unmeasured). */
  i2cFrameBits: 2,

  // --- the colour sensor (TCS34725) ---------------------------------------------------------------
  /** One RGBC integration at ATIME 0xFF, the power-on default that sensors.ts never changes: 2.4 ms
   * (TCS34725 datasheet, "RGBC Timing Register": integration time = 2.4 ms × (256 − ATIME)). The sensor
   * integrates back to back; a read returns the last complete window. */
  integrationUs: 2_400,
  /** Counts (r + g + b) a piece gives over one whole window, and an empty throat: assumed (the ratio
   * matters, not the scale: the firmware divides by the sum). */
  pieceCounts: 1_000,
  throatCounts: 120,
  /** What a piece of each kind gives over one whole window, as a share of `pieceCounts` (a white man's):
   * the TCS34725's counts go with the light reaching its photodiodes (datasheet: counts per µW/cm² at a
   * given integration time and gain), so with one LED lighting every piece a black disc, which reflects
   * far less than a white one, gives far fewer, about the lit empty throat's; the queen's red reflects in
   * one channel mostly. Assumed (issue 30; before it every piece gave 1,000 whatever its colour, and a
   * window of a black and the throat read black where the throat's colour would pull it to white). */
  kindCounts: Object.freeze({ white: 1, striker: 1, queen: 0.45, black: 0.15 } as Readonly<Record<string, number>>),
  /** What the trace's readings say of where a piece was (model/device/run.ts presences): an upper block
   * longer than the stuck time (the sensing layer's stuckUs, docs/hardware.md) may be a beam that failed
   * blocked; a reading in it taken later than a sampler's read after the block began (READ_AFTER_BLOCK_US
   * in src/sensing/naming.ts) is of a piece crossing that beam, in front of the sensor over the lower pulse
   * it made moved back by the beam delay (run.ts crossing); only when it made none (the lower beam stuck
   * too), this long either side of its reading: about a man's crossing of the beam at 1 m/s (37 mm), assumed. */
  stuckUs: 1_500_000,
  readAfterBlockUs: 30_000,
  crossingUs: 20_000,
  /** But a piece resting in the throat (a hang) is read all along its block: a device's sampler passes a
   * reading at least every 50 ms of a run (docs/hardware.md, limit 6), so readings that follow the block's
   * first within this of one another are of what blocked the beam, however long it stays (issue 30's
   * independent traces: a queen resting 4 s on the upper beam, read every 50 ms for 1.5 s, was a `man`). */
  restingChainUs: 60_000,
  /** The colour of an empty throat (the far wall of the pocket, lit by the sensor's LED): assumed. */
  throatRgb: Object.freeze([0.42, 0.36, 0.22] as const),

  // --- the strips -----------------------------------------------------------------------------------
  /** Today's firmware polls every strip from a JavaScript Timer every 20 ms (board.ts). */
  stripJsMs: 20,
  /** The native sampler polls every 5 ms (interface 2: stripEveryUs 5000). */
  stripNativeUs: 5_000,

  // --- flash (the module's SPI NOR flash; W25Q32JV / GD25Q32 class, typical figures) ------------------
  /** A program of n bytes (within one 256-byte page), typical: W25Q32JV datasheet tBP1 30 µs for the first
   * byte, tBP2 2.5 µs for each further one (max 50 and 12); a whole page is tPP 0.4 ms (max 3 ms). */
  programFirstByteUs: 30,
  programNextByteUs: 2.5,
  flashPageBytes: 256,
  /** littlefs programs and reads in units of its cache: 16 bytes in the ESP32 build (prog_size and
   * cache_size, MODDEF_FILE_LFS_PROG_SIZE / _CACHE_SIZE in the build's mc.defines.h, from the SDK's
   * modules/files/file/manifest_littlefs.json), each one esp_partition_write, each ESP-IDF flash call its
   * own cache-off span (esp_flash_api.c). Before issue 32's rung 4 the model programmed whole 256-byte
   * pages in one hold with the erase. */
  lfsProgBytes: 16,
  /** Sector erase (4 KiB), typical: W25Q32JV datasheet tSE 45 ms (max 400 ms). */
  eraseSectorUs: 45_000,
  flashBlockBytes: 4096,
  /** NVS (Preference) entries are 32 bytes, 126 to a 4 KiB page (ESP-IDF NVS documentation): a page
   * erase every 126 entries written; each entry one flash call here (nvs_page.cpp writes an item's header
   * and its data separately, and marks the entries' state after: about one call an entry). */
  nvsEntryBytes: 32,
  nvsEntriesPerPage: 126,

  // --- JavaScript -----------------------------------------------------------------------------------
  /** XS operations (the xsnap meter's unit) an ESP32 core at 240 MHz runs per ms: ASSUMED, derived in
   * docs/device-model.md ("The XS speed") from this host's xsnap rate and the cores' ratio; nothing
   * published gives it. The bench sweeps around it. */
  opsPerMs: 1_000,

  // --- the fixed capture (interface 1, hosts/device/capture/edges.h and capture.c) -------------------
  /** A refused post is posted again by the next edge or by the tick (edgeRingNotify). The tick is an
   * esp_timer every kRereadPeriodUs; it re-reads the pins of channels quiet for kRereadQuietUs. */
  rereadPeriodUs: 10_000,
  rereadQuietUs: 20_000,
});

export type Figures = typeof FIGURES;

/** µs one flash program of `bytes` bytes takes (bytes within one page). */
export function programUs(bytes: number, f: { programFirstByteUs: number; programNextByteUs: number } = FIGURES): number {
  return bytes <= 0 ? 0 : f.programFirstByteUs + (bytes - 1) * f.programNextByteUs;
}

/** µs the bus is held by one transaction of `bytes` bytes after the address byte. */
export function i2cUs(bytes: number, f: { i2cHz: number; i2cBitsPerByte: number; i2cFrameBits: number } = FIGURES): number {
  return ((f.i2cFrameBits + f.i2cBitsPerByte * (1 + bytes)) * 1e6) / f.i2cHz;
}
