import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeFakeBuild } from "./test-support/fake-build.ts";
import { startServerProcess } from "./test-support/server-process.ts";

// main.ts is the process boundary: these tests run it as a real child process.
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

function runMain(env: Record<string, string>, cwd = process.cwd()) {
  const server = startServerProcess(env, cwd);
  children.push(server.child);
  return server;
}

describe("server/main.ts", () => {
  it("refuses to start on bad configuration, one line per bad variable", async () => {
    const { child, output } = runMain({ PORT: "abc", LOG_LEVEL: "loud", SITE_URL: "nope" });
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    const lines = output().trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^config: PORT: /);
    expect(lines[1]).toMatch(/^config: SITE_URL: /);
    expect(lines[2]).toMatch(/^config: LOG_LEVEL: /);
  });

  /** Runs main.ts until it exits; its whole output must be one line, without a stack. */
  async function failsWithOneLine(env: Record<string, string>, cwd?: string) {
    const { child, output } = runMain(env, cwd);
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    const lines = output().trim().split("\n");
    expect(lines, output()).toHaveLength(1);
    expect(output()).not.toMatch(/^\s+at /m);
    return lines[0] ?? "";
  }

  it("says in one line that the port is taken", async () => {
    const root = path.dirname(makeFakeBuild());
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const line = await failsWithOneLine(
        {
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: mkdtempSync(path.join(tmpdir(), "fl-")),
        },
        root,
      );
      expect(line).toBe(
        `server: port ${port} on 127.0.0.1 is already in use; stop what is using it or set PORT to another port`,
      );
    } finally {
      blocker.close();
    }
  });

  it("names PostgreSQL's host, never its password, when it cannot be reached", async () => {
    // Port 9 on this machine: nothing listens there, so the connection is refused at once.
    const line = await failsWithOneLine({
      PORT: "0",
      DATABASE_URL: "postgres://studio:s3cret-pw@127.0.0.1:9/leads",
    });
    expect(line).toMatch(/^database: cannot reach PostgreSQL at 127\.0\.0\.1:9 \(ECONNREFUSED\)/);
    expect(line).not.toContain("s3cret-pw");
  });

  it("says in one line that DATA_DIR is not a writable directory", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "fl-")), "not-a-dir");
    writeFileSync(file, "a file where a directory should be");
    const line = await failsWithOneLine({ PORT: "0", DATA_DIR: file });
    expect(line).toMatch(
      new RegExp(`^DATA_DIR: ${file} is not a writable directory \\(E[A-Z]+\\)`),
    );
  });

  it("says in one line, at once, that a DATA_DIR that cannot be made is not a writable directory", async () => {
    // /proc exists, but refuses new entries with ENOENT: Node's recursive mkdir spun on it.
    const started = performance.now();
    const line = await failsWithOneLine({ PORT: "0", DATA_DIR: "/proc/nope" });
    expect(line).toBe(
      "DATA_DIR: /proc/nope is not a writable directory (ENOENT); point DATA_DIR at one, or create it",
    );
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it.each(["SIGTERM", "SIGINT"] as const)(
    "serves, logs as JSON, and exits cleanly on %s",
    async (signal) => {
      const root = path.dirname(makeFakeBuild());
      const server = runMain({ PORT: "0", LOG_LEVEL: "info" }, root);
      const { child, output } = server;
      const url = await server.url();
      const health = await fetch(`${url}/healthz`, {
        headers: { "x-access-token": "secret-token-123" },
      });
      expect(health.status).toBe(200);
      expect((await fetch(`${url}/about`)).status).toBe(200);
      child.kill(signal);
      const [code] = await once(child, "exit");
      expect(code).toBe(0);
      const logLines = output()
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { msg: string; level: number });
      expect(logLines.some((l) => l.msg.startsWith("shutting down"))).toBe(true);
      expect(logLines.some((l) => l.msg === "request completed")).toBe(true);
      expect(output()).not.toContain("secret-token-123");
    },
  );

  it("says at start-up when TIMEZONE is not set, and not when it is", async () => {
    const root = path.dirname(makeFakeBuild());
    const warned = async (env: Record<string, string>) => {
      const server = runMain({ PORT: "0", LOG_LEVEL: "info", ...env }, root);
      await server.url();
      server.child.kill("SIGTERM");
      await once(server.child, "exit");
      return server.output().includes("TIMEZONE is not set");
    };
    expect(await warned({})).toBe(true);
    expect(await warned({ TIMEZONE: "America/New_York" })).toBe(false);
  });

  it("gives each request an id, in its log lines and its X-Request-Id, and logs no query", async () => {
    const root = path.dirname(makeFakeBuild());
    const server = runMain({ PORT: "0", LOG_LEVEL: "info" }, root);
    const url = await server.url();
    const plain = await fetch(`${url}/healthz?q=Jane+Secretperson`);
    const id = plain.headers.get("x-request-id") ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const fromProxy = await fetch(`${url}/healthz`, { headers: { "x-request-id": "lb-7f3a9c21" } });
    expect(fromProxy.headers.get("x-request-id")).toBe("lb-7f3a9c21");
    await fetch(`${url}/api/booking/Secret-Manage-Token-Value`);
    await fetch(`${url}/booking/Secret-Manage-Token-Value`);
    await fetch(`${url}/api/registrations/Secret-Guest-Link-Value/cancel`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    await fetch(`${url}/registration/Secret-Guest-Link-Value`);
    const hostile = await fetch(`${url}/healthz`, {
      headers: { "x-request-id": 'x" onload=alert(1) {}' },
    });
    expect(hostile.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    server.child.kill("SIGTERM");
    await once(server.child, "exit");
    const lines = server
      .output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(lines.filter((l) => l.reqId === id).map((l) => l.msg)).toEqual([
      "incoming request",
      "request completed",
    ]);
    expect(server.output()).not.toContain("Secretperson");
    // A manage link's token is a key to someone's booking: a request is logged by its route
    // pattern, never its path.
    expect(server.output()).not.toContain("Secret-Manage-Token-Value");
    expect(server.output()).toContain('"route":"/api/booking/:token"');
    // So is a guest's registration link, the key to their seats.
    expect(server.output()).not.toContain("Secret-Guest-Link-Value");
    expect(server.output()).toContain('"route":"/api/registrations/:token/cancel"');
  });
});
