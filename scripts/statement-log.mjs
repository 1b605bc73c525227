// Preloaded (`node --import`) by scripts/bench-call-statements.ts into the server it starts: appends
// every statement the pg driver sends, with its round-trip time, to $STATEMENT_LOG ("<pid>\t<ms>\t<text>").
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const file = process.env.STATEMENT_LOG;
if (file) {
  const pg = createRequire(path.join(process.cwd(), "package.json"))("pg");
  const send = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    const text = typeof config === "string" ? config : config?.text;
    const started = process.hrtime.bigint();
    const result = send.call(this, config, values, callback);
    const record = () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      fs.appendFileSync(file, `${process.pid}\t${ms.toFixed(2)}\t${String(text).replace(/\s+/g, " ").trim().slice(0, 300)}\n`);
    };
    if (typeof result?.then === "function") result.then(record, record);
    else record();
    return result;
  };
}
