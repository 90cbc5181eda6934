import { dovecotMissing } from "./dovecot.ts";
import { radicaleMissing } from "./radicale.ts";

/**
 * Vitest's global setup for the integration tests: nothing to set up, but at the end, one
 * line naming the real services the run did without (PostgreSQL, Redis, Radicale, Dovecot), so
 * a run without them never looks like a full one (the engine suites then run on SQLite alone;
 * the PostgreSQL, Redis, CalDAV and IMAP ones skip).
 */
export default function setup() {
  return () => {
    const missing = [
      radicaleMissing,
      dovecotMissing,
      !process.env.TEST_DATABASE_URL &&
        "PostgreSQL (set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres)",
      !process.env.TEST_REDIS_URL && "Redis (set TEST_REDIS_URL=redis://127.0.0.1:6379)",
    ].filter(Boolean);
    if (missing.length)
      console.log(
        `integration: ran without ${missing.join(" and ")}: their suites were skipped${
          process.env.TEST_DATABASE_URL ? "" : ", and the engine suites ran on SQLite only"
        }.`,
      );
  };
}
