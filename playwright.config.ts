import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, findChromium } from "./scripts/chromium.ts";

import { e2eBuildTime, e2ePort as port } from "./tests/e2e/server.ts";

// One data directory for the server and the tests (which create accounts in it with the
// create-admin command). Set once in the runner; its workers inherit it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "fineline-e2e-"));

/** Browser tests run against the production build, served exactly as `npm start` serves it. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Two browsers and the server share two cores: an axe run or a page load can take several
  // seconds there, so a test gets a minute (a hang still fails; loops set their own budget).
  // An expectation waits up to 10 s: the CI runner, slower than a developer's machine, took
  // over 5 s to load the admin app and its lists. It passes as soon as it holds.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node scripts/start.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: process.env.E2E_DATA_DIR,
      // As behind a proxy: specs that send the contact form for real each come from an address
      // of their own (tests/e2e/client-address.ts), so together they never spend one
      // address's allowance of ten per ten minutes, whatever order they run in.
      TRUST_PROXY: "loopback",
      // Upcoming and past events as of one fixed day (tests/e2e/events.spec.ts).
      BUILD_TIME: e2eBuildTime,
    },
  },
});
