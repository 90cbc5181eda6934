import { mkdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * `mkdir -p` with mode 0700 for every folder it creates, done one level at a time. Node's own
 * recursive mkdirSync loops for ever at full CPU when a parent exists but refuses new entries
 * with ENOENT (`DATA_DIR=/proc/nope`); here that is an error naming the path, like any other.
 */
export function makePrivateDirectory(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") {
      if (statSync(dir).isDirectory()) return;
      throw Object.assign(new Error(`${dir} is not a directory`), {
        code: "ENOTDIR",
        path: dir,
      });
    }
    const parent = path.dirname(dir);
    if (code !== "ENOENT" || parent === dir) throw error;
    makePrivateDirectory(parent);
  }
  // The parent exists now; a second refusal is the real answer.
  mkdirSync(dir, { mode: 0o700 });
}
