import { randomBytes } from "node:crypto";
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { access } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";

/**
 * A running server pins the build it serves, so that `npm run build`'s pruning never deletes
 * it (docs/decisions/028-builds-a-live-server-serves.md): one file per server in
 * `builds/X/.served-by/`, refreshed while the server lives and removed when it stops. A pin
 * counts while it is fresh and, when written on this machine, while its process is alive: a
 * server killed with `kill -9` frees its build at once, and a reused process id at the latest
 * when the lease runs out.
 */
export const servedByFolder = ".served-by";
export const pinRefreshMs = 15_000;
export const pinLeaseMs = 60_000;
const buildCheckMs = 1_000;
/** What a complete build has (the switch happens only after postbuild wrote build-info.json). */
export const completeBuildFiles = [
  "client/index.html",
  "client/__spa-fallback.html",
  "build-info.json",
];

type Pin = { pid: number; host: string };
type Log = { warn: (obj: object, msg: string) => void };

/**
 * This machine and process namespace: process ids are comparable only within one. Two
 * containers that share builds/ and a host name still tell their pins apart.
 */
function thisHost(): string {
  try {
    return `${hostname()} ${readlinkSync("/proc/self/ns/pid")}`;
  } catch {
    return hostname();
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readPin(file: string): Pin | null {
  try {
    const pin = JSON.parse(readFileSync(file, "utf8")) as Partial<Pin>;
    return typeof pin.pid === "number" && typeof pin.host === "string"
      ? { pid: pin.pid, host: pin.host }
      : null;
  } catch {
    return null;
  }
}

/** How many running servers serve this build folder (0 when none, or it has no pins). */
export function liveServersOf(buildDir: string, now = Date.now()): number {
  const folder = path.join(buildDir, servedByFolder);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  const host = thisHost();
  return names.filter((name) => {
    if (name.endsWith(".next")) return false; // a pin being written
    const file = path.join(folder, name);
    let refreshed: number;
    try {
      refreshed = statSync(file).mtimeMs;
    } catch {
      return false; // released meanwhile
    }
    if (now - refreshed > pinLeaseMs) return false;
    const pin = readPin(file);
    // A pin from another machine (or one that does not parse) is judged by its lease alone.
    return !pin || pin.host !== host || processAlive(pin.pid);
  }).length;
}

export type ServedBuild = {
  /** The build folder itself (build/ resolved once, at start). */
  readonly dir: string;
  /** The first file of a complete build missing now, or null (looked at once a second at most). */
  missingFile: () => Promise<string | null>;
  /** Stops refreshing the pin and removes it. */
  release: () => void;
};

/**
 * Resolves `buildLink` (build/, a link to the newest build) once and pins the folder it points
 * at for as long as this process serves it. A pin that cannot be written (a read-only or
 * foreign-owned folder) is logged, not fatal: the server still serves, and readiness says so
 * if the build is deleted under it.
 */
export function serveBuild(buildLink: string, log: Log): ServedBuild {
  const dir = realpathSync(buildLink);
  const folder = path.join(dir, servedByFolder);
  // Unique even for two servers with the same process id in two containers sharing builds/.
  const pinFile = path.join(folder, `${process.pid}.${randomBytes(4).toString("hex")}`);
  const body = `${JSON.stringify({ pid: process.pid, host: thisHost() } satisfies Pin)}\n`;

  const writePin = () => {
    try {
      mkdirSync(folder); // not recursive: never re-creates a build folder deleted meanwhile
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const next = `${pinFile}.next`;
    writeFileSync(next, body);
    renameSync(next, pinFile);
  };
  const touchPin = () => {
    const now = new Date();
    try {
      utimesSync(pinFile, now, now);
    } catch {
      writePin(); // removed by hand: written again while the build is there
    }
  };
  // One warning until it works again, not one every refresh.
  let warned = false;
  const keepPinned = (action: () => void) => {
    try {
      action();
      warned = false;
    } catch (error) {
      if (warned) return;
      warned = true;
      log.warn(
        { err: error, build: dir },
        "build: cannot record that this server serves its build; a later build may delete it",
      );
    }
  };
  keepPinned(writePin);
  const timer = setInterval(() => keepPinned(touchPin), pinRefreshMs);
  timer.unref();

  // A probe every few hundred milliseconds from several balancers costs a few stat calls a second.
  let last: { at: number; missing: Promise<string | null> } | null = null;
  const missingFile = () => {
    const now = Date.now();
    if (!last || now - last.at >= buildCheckMs) {
      last = {
        at: now,
        missing: Promise.all(
          completeBuildFiles.map((file) =>
            access(path.join(dir, file)).then(
              () => null,
              () => file,
            ),
          ),
        ).then((missing) => missing.find((file) => file !== null) ?? null),
      };
    }
    return last.missing;
  };

  return {
    dir,
    missingFile,
    release: () => {
      clearInterval(timer);
      rmSync(pinFile, { force: true });
      try {
        rmdirSync(folder); // only when no other server's pin is left in it
      } catch {}
    },
  };
}
