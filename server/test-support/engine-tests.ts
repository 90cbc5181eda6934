import { it, type TestAPI, type TestFunction } from "vitest";
import type { TestEngine } from "./databases.ts";

/**
 * `it` for what only one engine has (a database file on disk, row locks): the test is not
 * registered at all on the other engine, so a "skipped" in the run's summary always means a
 * service that was not there (see skipped-suites.ts), never a test that cannot apply. Pass the
 * suite's `engineTest` (fixture.ts) as `test` for a test that takes its fixtures.
 */
export function itOn<Context extends object = object>(
  engine: TestEngine,
  name: TestEngine["name"],
  test: TestAPI<Context> = it as unknown as TestAPI<Context>,
) {
  return (title: string, fn: TestFunction<Context>) => {
    if (engine.name === name) test(title, fn);
  };
}
