import { it } from "vitest";
import type { TestEngine } from "./databases.ts";

/**
 * `it` for what only one engine has (a database file on disk, row locks): the test is not
 * registered at all on the other engine, so a "skipped" in the run's summary always means a
 * service that was not there (see skipped-suites.ts), never a test that cannot apply.
 */
export function itOn(engine: TestEngine, name: TestEngine["name"]) {
  return (title: string, fn: () => Promise<void>) => {
    if (engine.name === name) it(title, fn);
  };
}
