// The JavaScript side of capture.c: new Capture({pins, onReadable(count)}); read(buffer) copies whole
// edges, 12 bytes each: u32 low and u32 high of the µs time (esp_timer, as Time.microseconds), channel, level.
export default class Capture @ "xs_capture_destructor" {
	constructor(options) @ "xs_capture";
	close() @ "xs_capture_close";
	read(buffer) @ "xs_capture_read";
	get lost() @ "xs_capture_get_lost";
}
