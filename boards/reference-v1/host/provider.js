// @ts-check
// The reference table's host provider (docs/hardware.md, board "reference-v1"): an ESP32 with the eight
// pocket beams on capture-capable GPIOs, three buttons, and one I²C bus for the SSD1306 display, the
// four baseline-strip controllers and, behind a TCA9548A switch, the four TCS34725 colour sensors.
// Apps reach it as `device` (embedded:provider/builtin); pins are never literals in app code.

import Digital from "embedded:io/digital";
import I2C from "embedded:io/i2c";

const device = {
  I2C: {
    default: { io: I2C, data: 21, clock: 22, hz: 400_000 },
  },
  io: { Digital, I2C },
  pin: {
    // Upper (a) and lower (b) beam of pockets 0–3, in that order (input-only GPIOs 34–39 need
    // external pull-ups on the receivers).
    beam0a: 34, beam0b: 35, beam1a: 36, beam1b: 39,
    beam2a: 32, beam2b: 33, beam3a: 25, beam3b: 26,
    buttonUp: 16,
    buttonDown: 17,
    buttonSelect: 0,
    i2cData: 21,
    i2cClock: 22,
  },
  address: {
    display: 0x3c, // SSD1306 128×64
    strips: [0x40, 0x41, 0x42, 0x43], // one strip controller per seat: u16 mm, 0xFFFF = no striker
    colourSwitch: 0x70, // TCA9548A: channel n = colour sensor of pocket n
    colour: 0x29, // TCS34725
  },
};

export default device;
