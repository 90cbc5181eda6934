import { describe, expect, it } from "vitest";
import { databaseHost, describeStartupFailure } from "./startup-errors.ts";

const sqlite = { port: 3000, host: "0.0.0.0", dataDir: "/srv/data", databaseUrl: undefined };
const pg = { ...sqlite, databaseUrl: "postgres://app:pw-123@db.internal:6543/site" };

const systemError = (code: string, extra: Record<string, string> = {}) =>
  Object.assign(new Error(`${code}: something low-level`), { code, ...extra });

describe("describeStartupFailure", () => {
  it("names the port when it is taken, and the host when it is not ours", () => {
    expect(describeStartupFailure(systemError("EADDRINUSE"), sqlite)).toMatch(
      /^server: port 3000 on 0\.0\.0\.0 is already in use/,
    );
    expect(describeStartupFailure(systemError("EADDRNOTAVAIL"), sqlite)).toMatch(
      /^server: cannot listen on 0\.0\.0\.0/,
    );
    expect(
      describeStartupFailure(systemError("EACCES", { syscall: "listen" }), { ...sqlite, port: 80 }),
    ).toMatch(/not allowed to listen on port 80/);
  });

  it("finds the cause inside pg's AggregateError and names host:port, not the password", () => {
    const error = new AggregateError([systemError("ECONNREFUSED"), systemError("ECONNREFUSED")]);
    const line = describeStartupFailure(error, pg);
    expect(line).toBe(
      "database: cannot reach PostgreSQL at db.internal:6543 (ECONNREFUSED); is it running, and is DATABASE_URL right?",
    );
    expect(describeStartupFailure(new Error("x", { cause: systemError("ENOTFOUND") }), pg)).toMatch(
      /db\.internal:6543 \(ENOTFOUND\)/,
    );
  });

  it("blames DATA_DIR for a folder that cannot be made under it, and not for a missing file elsewhere", () => {
    const made = systemError("ENOENT", { path: "/srv/data", syscall: "mkdir" });
    expect(describeStartupFailure(made, sqlite)).toBe(
      "DATA_DIR: /srv/data is not a writable directory (ENOENT); point DATA_DIR at one, or create it",
    );
    const onTheWay = systemError("ENOENT", { path: "/srv", syscall: "mkdir" });
    expect(describeStartupFailure(onTheWay, sqlite)).toMatch(/^DATA_DIR: \/srv\/data is not/);
    const elsewhere = systemError("ENOENT", { path: "/app/build/client", syscall: "scandir" });
    expect(describeStartupFailure(elsewhere, sqlite)).toMatch(/^server: could not start: ENOENT/);
  });

  it("blames DATA_DIR for file-system errors under it", () => {
    const error = systemError("EACCES", { path: "/srv/data/fineline.db", syscall: "open" });
    expect(describeStartupFailure(error, sqlite)).toBe(
      "DATA_DIR: /srv/data is not a writable directory (EACCES); point DATA_DIR at one, or create it",
    );
  });

  it("reports a refused login without the password", () => {
    const line = describeStartupFailure(
      new Error('password authentication failed for user "app"'),
      pg,
    );
    expect(line).toMatch(/^database: PostgreSQL at db\.internal:6543 refused the connection/);
    expect(line).not.toContain("pw-123");
  });

  it("keeps anything else to its first line, with URL credentials masked", () => {
    const line = describeStartupFailure(
      new Error("boom at postgres://app:pw-123@db.internal/site\n    at somewhere (file.ts:1:1)"),
      pg,
    );
    expect(line).toBe("server: could not start: boom at postgres://***@db.internal/site");
    expect(describeStartupFailure("plain", sqlite)).toBe("server: could not start: plain");
  });

  it("reads host and port from a URL, defaulting the port", () => {
    expect(databaseHost("postgres://u:p@example.org/db")).toBe("example.org:5432");
    expect(databaseHost("not a url")).toBe("the host in DATABASE_URL");
  });
});
