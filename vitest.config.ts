import { defineConfig } from "vitest/config";

/**
 * Two tiers of tests, both beside the code. `unit`: pure tests (*.test.ts), no database, no
 * server, no child process; seconds. `integration`: *.integration.test.ts, against real
 * SQLite files, PostgreSQL (TEST_DATABASE_URL), Redis (TEST_REDIS_URL), SMTP and server
 * processes; minutes. `npm test` runs both, then the browser tests.
 */
const shared = { environment: "node" as const, testTimeout: 20_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: "unit",
          include: ["{app,server,domain,scripts}/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "**/node_modules/**"],
        },
      },
      {
        test: {
          ...shared,
          name: "integration",
          include: ["{app,server,domain,scripts}/**/*.integration.test.ts"],
          // Says, at the end, which suites ran on SQLite only and how to run the rest.
          globalSetup: ["server/test-support/skipped-suites.ts"],
        },
      },
    ],
  },
});
