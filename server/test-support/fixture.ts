import { test } from "vitest";
import type { AppDependencies } from "../app.ts";
import type { TestDatabase, TestEngine } from "./databases.ts";
import { startSmtp } from "./smtp.ts";
import { buildTestApp } from "./test-app.ts";
import { signedInUser, testSecret } from "./tokens.ts";

export type EngineTestOptions = {
  /** Environment on top of JWT_SECRET (the tests' secret) and what buildTestApp sets. */
  readonly env?: Record<string, string>;
  /** What the app is built with: a clock (`now`), shorter intervals, … */
  readonly deps?: AppDependencies;
  /** A real SMTP server (the `smtp` fixture), with SMTP_URL pointing at it. */
  readonly smtp?: boolean;
  /**
   * "test" (the default): all of it fresh for each test. "file": one of each for all the
   * tests of the file, for a suite whose tests change nothing; Vitest then wants engineTest
   * called at the file's top level, not inside a describe.
   */
  readonly scope?: "test" | "file";
};

export type EngineFixtures = {
  readonly engine: TestEngine;
  readonly database: TestDatabase;
  readonly smtp: Awaited<ReturnType<typeof startSmtp>>;
  readonly app: Awaited<ReturnType<typeof buildTestApp>>;
  readonly admin: Awaited<ReturnType<typeof signedInUser>>;
  readonly signedUp: Awaited<ReturnType<typeof signedInUser>>;
};

/**
 * The API suites' setup, as Vitest fixtures: a fresh database of the engine (`database`), the
 * app on it (`app`, built whether a test asks for it or not, as a running server would be),
 * and, when a test or another fixture asks for them, a signed-in `admin` (an owner) and `signedUp` (an account without a role) (tokens
 * from the app's own key and issuer) and the `smtp` server. All closed after the test (or the
 * file), the app before the database. Inside `describe.each(testEngines)(…, (engine) => …)`:
 *
 *   const test = engineTest(engine, { env: { TIMEZONE: "America/New_York" } });
 *   test("lists new leads", async ({ app, admin }) => { … });
 *
 * A suite's own helpers that need these become fixtures too: `test.extend("get", ({ app }) => …)`.
 */
export function engineTest(engine: TestEngine, options: EngineTestOptions = {}) {
  const env = { JWT_SECRET: testSecret, ...options.env };
  const scope = options.scope ?? "test";
  const serve = async (
    database: TestDatabase,
    more: Record<string, string>,
    use: (app: EngineFixtures["app"]) => Promise<void>,
  ) => {
    const app = await buildTestApp(database, { ...env, ...more }, options.deps);
    await use(app);
    await app.close();
  };
  return test.extend<EngineFixtures>({
    engine: [engine, { scope }],
    database: [
      async ({ engine }, use) => {
        const database = await engine.open();
        await use(database);
        await database.close();
      },
      { scope },
    ],
    smtp: [
      // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
      async ({}, use) => {
        if (!options.smtp)
          throw new Error("no SMTP server here: engineTest(engine, { smtp: true })");
        const smtp = await startSmtp();
        await use(smtp);
        await smtp.close();
      },
      { scope },
    ],
    app: [
      options.smtp
        ? async ({ database, smtp }, use) => serve(database, { SMTP_URL: smtp.url }, use)
        : async ({ database }, use) => serve(database, {}, use),
      { scope, auto: true },
    ],
    admin: [
      async ({ database, app }, use) =>
        use(await signedInUser(database.db, "admin", undefined, app.tokens)),
      { scope },
    ],
    signedUp: [
      async ({ database, app }, use) =>
        use(await signedInUser(database.db, "user", undefined, app.tokens)),
      { scope },
    ],
  });
}
