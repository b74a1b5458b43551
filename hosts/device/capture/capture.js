// The JavaScript side of capture.c: new Capture({pins, onReadable}); read(buffer) → edges copied.
export default class Capture @ "xs_capture_destructor" {
	constructor(options) @ "xs_capture";
	close() @ "xs_capture_close";
	read(buffer) @ "xs_capture_read";
	get lost() @ "xs_capture_get_lost";
}
