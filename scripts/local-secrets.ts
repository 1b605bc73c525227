import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface LocalSecrets {
  encryptionKey: string;
  authSecret: string;
  /** The demo developer's generated password, kept until the developer changes it (the next start then removes it). */
  demoDeveloperPassword?: string;
}

// On the embedded default the secrets live beside the database in DATA_DIR (mode 0600), generated
// on first start. With DATABASE_URL every instance must share them, so they come from the environment.
export function loadLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, "secrets.json");
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as LocalSecrets;
  const secrets: LocalSecrets = {
    encryptionKey: randomBytes(32).toString("base64"),
    authSecret: randomBytes(32).toString("base64"),
  };
  saveLocalSecrets(dataDir, secrets);
  return secrets;
}

export function saveLocalSecrets(dataDir: string, secrets: LocalSecrets): void {
  const file = path.join(dataDir, "secrets.json");
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  fs.renameSync(tmp, file); // atomic: a crash never leaves a half-written key file
}
