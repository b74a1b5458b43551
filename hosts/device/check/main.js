// The mcsim check's entry (see index.ts): run it once, then let its POST finish.
import { run } from "check";

run();
