import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
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
});
