import { test } from "vitest";
import type { AppDependencies } from "../app.ts";
import type { TestEngine } from "./databases.ts";
import { startSmtp } from "./smtp.ts";
import { buildTestApp } from "./test-app.ts";
import { signedInUser, testSecret } from "./tokens.ts";

export type EngineTestOptions = {
  /** Environment on top of JWT_SECRET (the tests' secret) and what buildTestApp sets. */
  readonly env?: Record<string, string>;
  /** What the app is built with: a clock (`now`), shorter intervals, … */
  readonly deps?: AppDependencies;
  /** A real SMTP server for each test (the `smtp` fixture), with SMTP_URL pointing at it. */
  readonly smtp?: boolean;
};

/**
 * The API suites' setup, as Vitest fixtures: for each test a fresh database of the engine
 * (`database`), the app on it (`app`, built for every test, whether it asks for it or not, as
 * a running server would be), and, when a test or another fixture asks for them, a signed-in
 * `admin` and `member` (tokens from the app's own key and issuer) and the `smtp` server.
 * Everything is closed after the test, the app first. Call it inside `describe.each(testEngines)`:
 *
 *   const test = engineTest(engine, { env: { TIMEZONE: "America/New_York" } });
 *   test("lists new leads", async ({ app, admin }) => { … });
 *
 * A suite's own helpers that need these become fixtures too: `test.extend("get", ({ app }) => …)`.
 */
export function engineTest(engine: TestEngine, options: EngineTestOptions = {}) {
  const env = { JWT_SECRET: testSecret, ...options.env };
  const base = test
    .extend("engine", engine)
    .extend("database", async ({ engine }, { onCleanup }) => {
      const database = await engine.open();
      onCleanup(() => database.close());
      return database;
    });
  const withApp = options.smtp
    ? base
        // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
        .extend("smtp", async ({}, { onCleanup }) => {
          const smtp = await startSmtp();
          onCleanup(() => smtp.close());
          return smtp;
        })
        .extend("app", { auto: true }, async ({ database, smtp }, { onCleanup }) => {
          const app = await buildTestApp(database, { ...env, SMTP_URL: smtp.url }, options.deps);
          onCleanup(() => app.close());
          return app;
        })
    : base
        .extend("smtp", (): Awaited<ReturnType<typeof startSmtp>> => {
          throw new Error("this suite has no SMTP server: engineTest(engine, { smtp: true })");
        })
        .extend("app", { auto: true }, async ({ database }, { onCleanup }) => {
          const app = await buildTestApp(database, env, options.deps);
          onCleanup(() => app.close());
          return app;
        });
  return withApp
    .extend("admin", ({ database, app }) =>
      signedInUser(database.db, "admin", undefined, app.tokens),
    )
    .extend("member", ({ database, app }) =>
      signedInUser(database.db, "user", undefined, app.tokens),
    );
}

/** What `engineTest` hands each test. */
export type EngineTest = ReturnType<typeof engineTest>;
