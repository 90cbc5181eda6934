import { mkdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * `mkdir -p` with mode 0700 for every folder it creates, done one level at a time. Node's own
 * recursive mkdirSync loops for ever at full CPU when a parent exists but refuses new entries
 * with ENOENT (`DATA_DIR=/proc/nope`); here that is an error naming the path, like any other.
 * Another process making the same folder at the same moment (a second instance, create-admin
 * beside the server) is no error.
 */
export function makePrivateDirectory(dir: string): void {
  if (makeOne(dir) !== "no parent") return;
  const parent = path.dirname(dir);
  if (parent === dir) makeOne(dir, { throwAll: true });
  makePrivateDirectory(parent);
  // The parent exists now: a second refusal is the real answer.
  makeOne(dir, { throwAll: true });
}

/** Makes one folder; "no parent" when its parent is missing (thrown with `throwAll`). */
function makeOne(dir: string, { throwAll = false } = {}): "made" | "no parent" {
  try {
    mkdirSync(dir, { mode: 0o700 });
    return "made";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") {
      if (statSync(dir).isDirectory()) return "made";
      throw Object.assign(new Error(`${dir} is not a directory`), { code: "ENOTDIR", path: dir });
    }
    if (code === "ENOENT" && !throwAll) return "no parent";
    throw error;
  }
}
