// The first import of every entry script: an unsupported Node is refused, with what to do, before
// anything else loads (scripts/node-runtime.ts).
import { refuseUnsupportedNode } from "./node-runtime";

refuseUnsupportedNode();
