// The Moddable entry: the preloaded bundle "carrom" holds the firmware; start it here, after preload.
// A failure at start (a missing pin, a board without its provider) is printed, then thrown.
import { run } from "carrom";

try {
	run();
}
catch (e) {
	trace(`carrom: cannot start: ${e}\n${e?.stack ?? ""}\n`);
	throw e;
}
