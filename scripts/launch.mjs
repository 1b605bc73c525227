// `npm start` and `npm run dev`: compiles the launcher and the server when their sources changed
// (scripts/compile-server.mjs), then runs the compiled launcher (.build/start.js) in this process.
import { createRequire } from "node:module";
import { compiledLauncher } from "./compile-server.mjs";

createRequire(import.meta.url)(await compiledLauncher());
