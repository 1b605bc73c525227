// `npx tsx scripts/api.ts ...`: the same CLI as `npx switchboard` and `npm run api` (scripts/switchboard.ts).
import "./require-supported-node";
import { main } from "./switchboard";

main(process.argv.slice(2)).then((code) => process.exit(code));
