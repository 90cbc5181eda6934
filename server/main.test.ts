import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeFakeBuild } from "./test-support/fake-build.ts";

// main.ts is the process boundary: these tests run it as a real child process.
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

const mainScript = path.resolve("server/main.ts");

function runMain(env: Record<string, string>, cwd = process.cwd()) {
  const child = spawn(process.execPath, [mainScript], {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

async function waitFor(predicate: () => boolean, ms = 10_000) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
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
      const { child, output } = runMain({ PORT: "0", LOG_LEVEL: "info" }, root);
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;
      await waitFor(() => listening.test(output()));
      const url = listening.exec(output())?.[1];
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
