import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  exited,
  type ServerProcess,
  startServerProcess,
} from "../../server/test-support/server-process.ts";
import { owner, type Session, storeSession } from "./accounts.ts";
import { e2ePort } from "./server.ts";

/**
 * A server of one test's own, on the same build as the shared one but with a database nobody
 * else writes to: for what needs a quiet tracker (a morning's work over hundreds of leads,
 * where another spec's leads arriving would move what is measured). One per worker, unless
 * `port` says otherwise (0: any free one, for a second instance beside it).
 */
export async function startPrivateServer(
  workerIndex: number,
  /** More of the server's environment (SMTP_URL, IMAP_URL, DATABASE_URL, …). */
  extraEnv: Record<string, string> = {},
  options: { port?: number } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-private-"));
  const env = {
    PORT: String(options.port ?? e2ePort + 100 + workerIndex),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // "Server listening at …" (info) is how startServerProcess knows the address.
    LOG_LEVEL: "info",
    TZ: process.env.TZ ?? "UTC",
    ...extraEnv,
  };
  const start = async () => {
    const started = startServerProcess(env);
    const address = await started.url().catch((error: unknown) => {
      started.child.kill("SIGKILL");
      throw error;
    });
    return { started, address };
  };
  const first = await start();
  const origin = first.address;
  let server = first.started;
  // Started again on the same port, so the browser's session and open pages still reach it.
  env.PORT = new URL(origin).port;
  const run = (script: string, args: string[], extra: Record<string, string> = {}) =>
    execFileSync(process.execPath, [script, ...args], {
      env: { ...process.env, ...env, LOG_LEVEL: "silent", ...extra },
      stdio: "pipe",
      encoding: "utf8",
    });
  run("server/cli/create-admin.ts", ["--email", owner.email, "--password", owner.password]);
  return {
    origin,
    dataDir,
    /** The running process (its output, for a failure's message). */
    get process(): ServerProcess {
      return server;
    },
    /** The demo data `npm run seed:demo` writes, `count` leads of the last 12 weeks. */
    seedDemo: (count: number) => run("scripts/seed-demo-leads.ts", [`--leads=${count}`]),
    /** Logs the owner in through the API and stores the session in the page; returns it. */
    async signIn(page: Page) {
      const response = await page.request.post(`${origin}/api/auth/login`, {
        data: { username: owner.email, password: owner.password },
      });
      if (response.status() !== 200) throw new Error(`login failed: ${response.status()}`);
      const session = await response.json();
      await storeSession(page, session, origin);
      return session as Session;
    },
    /** Ends the process as a power cut would (`kill -9`): nothing is flushed or closed. */
    async kill() {
      server.child.kill("SIGKILL");
      await exited(server.child);
    },
    /** Starts the server again on the same data and port. */
    async restart() {
      server = (await start()).started;
    },
    async stop() {
      server.child.kill("SIGTERM");
      await exited(server.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type PrivateServer = Awaited<ReturnType<typeof startPrivateServer>>;
