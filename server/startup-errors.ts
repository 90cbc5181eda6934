import type { Config } from "./config.ts";
import { migrationTimeouts } from "./db/postgres-pool.ts";
import { databaseTrouble } from "./db/unavailable.ts";

/** Node's system errors carry a code (EADDRINUSE, ECONNREFUSED…) and sometimes a path. */
type SystemError = Error & { code?: string; path?: string; syscall?: string };

const dataDirCodes = new Set(["EEXIST", "ENOTDIR", "ENOENT", "EACCES", "EPERM", "EROFS", "ENOSPC"]);
const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNRESET",
]);

/** host:port of a postgres:// URL, never its user or password. */
export function databaseHost(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || "localhost"}:${url.port || "5432"}`;
  } catch {
    return "the host in DATABASE_URL";
  }
}

/** The system error inside an error, however deep (AggregateError from pg, causes). */
function systemCode(error: unknown, depth = 0): SystemError | undefined {
  if (!(error instanceof Error) || depth > 5) return undefined;
  const coded = error as SystemError;
  if (typeof coded.code === "string" && /^E[A-Z_]+$/.test(coded.code)) return coded;
  const inner = error instanceof AggregateError ? error.errors[0] : error.cause;
  return systemCode(inner, depth + 1);
}

/**
 * Why the server could not start, as one line a person can act on: never a stack trace, and
 * never a secret (a DATABASE_URL's password). What is not recognised is still one line.
 */
export function describeStartupFailure(
  error: unknown,
  config: Pick<Config, "port" | "host" | "dataDir" | "databaseUrl">,
): string {
  const system = systemCode(error);
  const code = system?.code;
  if (code === "EADDRINUSE")
    return `server: port ${config.port} on ${config.host} is already in use; stop what is using it or set PORT to another port`;
  if (code === "EADDRNOTAVAIL")
    return `server: cannot listen on ${config.host}; set HOST to an address of this machine`;
  if (code === "EACCES" && system?.syscall === "listen")
    return `server: not allowed to listen on port ${config.port}; use a port above 1023`;
  if (config.databaseUrl && databaseTrouble(error) === "timeout")
    return `database: PostgreSQL at ${databaseHost(config.databaseUrl)} did not answer within ${migrationTimeouts.connectMs / 1000} s; is it running and reachable, and is DATABASE_URL right?`;
  if (config.databaseUrl && code && unreachableCodes.has(code))
    return `database: cannot reach PostgreSQL at ${databaseHost(config.databaseUrl)} (${code}); is it running, and is DATABASE_URL right?`;
  // A missing file elsewhere (the build) is not DATA_DIR's fault: ENOENT only for DATA_DIR, a
  // path under it, or a folder on the way to it that could not be made.
  const underDataDir = system?.path ? onDataDirPath(system.path, config.dataDir) : false;
  if (
    code &&
    dataDirCodes.has(code) &&
    (underDataDir || (!config.databaseUrl && code !== "ENOENT"))
  )
    return `DATA_DIR: ${config.dataDir} is not a writable directory (${code}); point DATA_DIR at one, or create it`;
  if (config.databaseUrl && /password authentication|does not exist|no pg_hba/i.test(String(error)))
    return `database: PostgreSQL at ${databaseHost(config.databaseUrl)} refused the connection: ${firstLine(error)}`;
  return `server: could not start: ${firstLine(error)}`;
}

const onDataDirPath = (file: string, dataDir: string) => {
  const folder = (p: string) => (p.endsWith("/") ? p : `${p}/`);
  return file === dataDir || file.startsWith(folder(dataDir)) || dataDir.startsWith(folder(file));
};

/** The message's first line, with any credentials in a URL masked. */
const firstLine = (error: unknown) =>
  ((error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "")
    .replace(/\/\/[^@\s/]*@/g, "//***@")
    .slice(0, 300);
