// The Moddable entry: the preloaded bundle "carrom" holds the firmware; start it here, after preload.
import { run } from "carrom";

run();
