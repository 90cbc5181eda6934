import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/**
 * The Chromium used by browser tests and benchmarks: CHROME_PATH, then Playwright's own
 * download, then the system package. Fails with the command that installs one.
 */
export function findChromium(): string {
  const candidates = [
    process.env.CHROME_PATH,
    safePlaywrightPath(),
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  const found = candidates.find((candidate): candidate is string =>
    Boolean(candidate && existsSync(candidate)),
  );
  if (found) return found;
  throw new Error(
    "No Chromium found for the browser tests. Install one with `apt-get install -y chromium` " +
      "(or `npx playwright install chromium` where downloads work), or set CHROME_PATH.",
  );
}

function safePlaywrightPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** Flags for Chromium in containers and CI without network access. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
