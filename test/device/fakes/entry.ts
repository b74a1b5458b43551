// What the board test loads: the device's own board and table, and the fake hardware they run on.
export { referenceBoard } from '../../../hosts/device/esp32/board.ts';
export { start } from '../../../hosts/device/table.ts';
export { hardware, COLOUR, DISPLAY, STRIPS, SWITCH } from './hardware.ts';
