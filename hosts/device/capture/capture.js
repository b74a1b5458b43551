// The JavaScript side of capture.c: new Capture({pins, onReadable(count)}); read(buffer) copies whole
// records, 12 bytes each: u32 low and u32 high of the µs time (esp_timer, as Time.microseconds), channel
// (pocket * 2 + beam), level (1 clear, 0 blocked), kind (0 an edge, 1 a correction: a re-read level that
// disagreed with the channel's last edge), a spare byte.
// lost: edges dropped because the ring was full; refused: messages the queue refused (each posted again);
// blocked: bitmask (bit = channel) of the beams whose last known level is blocked.
export default class Capture @ "xs_capture_destructor" {
	constructor(options) @ "xs_capture";
	close() @ "xs_capture_close";
	read(buffer) @ "xs_capture_read";
	get lost() @ "xs_capture_get_lost";
	get refused() @ "xs_capture_get_refused";
	get blocked() @ "xs_capture_get_blocked";
}
