import type { AppDependencies } from "../app.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { buildTestApp } from "./test-app.ts";
import { testSecret } from "./tokens.ts";

/**
 * An app of the studio at https://fineline.studio that e-mails through the SMTP server at
 * `smtpUrl`, its outbox (and its content scheduler) running only when poked, and no digest:
 * what the tests of the e-mails events send build on. `deps` adds the clock, a catalog, ….
 */
export const mailingApp = (
  database: DatabaseHandle,
  smtpUrl: string,
  deps: AppDependencies = {},
  env: Record<string, string> = {},
) =>
  buildTestApp(
    database,
    {
      JWT_SECRET: testSecret,
      SMTP_URL: smtpUrl,
      NOTIFY_EMAIL: "owner@fineline.studio",
      MAIL_FROM: "hello@fineline.studio",
      SITE_URL: "https://fineline.studio",
      DIGEST_HOUR: "off",
      ...env,
    },
    { outboxIntervalMs: 3_600_000, contentScheduleIntervalMs: 3_600_000, ...deps },
  );
