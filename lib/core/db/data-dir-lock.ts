import fs from "node:fs";
import path from "node:path";

// PGlite cannot detect a second process opening the same data directory, and two writers corrupt
// it. A pid file created with O_EXCL guards it; a lock left by a dead process (kill -9) is taken over.
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "pglite.lock");
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The database in ${dataDir} is already open by process ${holder}. ` + `Stop that process first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${lockPath}; remove it if no other server is running.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
