import path from "node:path";
import { isTimeZone } from "../domain/dates.ts";
import { site } from "../domain/site.ts";
import { parseSiteUrl, siteUrlFor } from "../domain/site-url.ts";
import { type CalDavSettings, caldavFrom, caldavUrl, reminderHours } from "./config-booking.ts";
import { anyText, type Check, fail, ok, onOff } from "./config-checks.ts";
import {
  type ImapSettings,
  imapPoll,
  imapUrl,
  mailFromName,
  notifyEmail,
  replyTo,
  smtpUrl,
} from "./config-mail.ts";
import {
  jwtSecret,
  metricsToken,
  redisKeyPrefix,
  redisUrl,
  shownValue,
  trustProxy,
  webhookPrivateTargets,
} from "./config-security.ts";

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  /** The bearer token a Prometheus scraper sends for /metrics (METRICS_TOKEN); unset: no metrics. */
  metricsToken: string | undefined;
  siteUrl: string;
  /**
   * The `iss` of access tokens: SITE_URL when set, else a constant. Never the address served:
   * with SITE_URL unset that carries the port, and two instances on different ports would
   * refuse each other's tokens.
   */
  tokenIssuer: string;
  rateLimit: boolean;
  smtpUrl: string | undefined;
  notifyEmail: string | undefined;
  logLevel: LogLevel;
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For): false (none, the
   * default), a number of hops, or proxy addresses and ranges (what Fastify's trustProxy takes).
   */
  trustProxy: false | number | readonly string[];
  /**
   * Private addresses and ranges webhooks may be sent to all the same (WEBHOOK_PRIVATE_TARGETS,
   * as TRUST_PROXY takes them); by default none (docs/integrations.md).
   */
  webhookPrivateTargets: readonly string[];
  /** The owner's IANA time zone: due dates, the digest's hour, months and weeks, dates shown. */
  timeZone: string;
  /** The hour (0–23, in timeZone) the daily digest goes out, or null when it is off. */
  digestHour: number | null;
  /** Hours before a booked call the visitor is reminded (BOOKING_REMINDER_HOURS); null: never. */
  bookingReminderHours: number | null;
  /** Redis for rate limits shared by several instances (REDIS_URL); unset: PostgreSQL or memory. */
  redisUrl: string | undefined;
  /** What every key this site writes to Redis starts with (REDIS_KEY_PREFIX). */
  redisKeyPrefix: string;
  /** How long an instance holds an outbox row it is sending (OUTBOX_LEASE_SECONDS), in ms. */
  outboxLeaseMs: number;
  /**
   * The owner's own calendar (CALDAV_URL, with CALDAV_USERNAME / CALDAV_PASSWORD or the URL's
   * credentials): its busy times hide slots, and bookings are written to it. Unset: none.
   */
  caldav: CalDavSettings | undefined;
  /**
   * Who visitors' e-mails come from, and where their replies go (MAIL_FROM, default
   * NOTIFY_EMAIL; MAIL_FROM_NAME, default the studio's name).
   */
  mailFrom: { address: string; name: string } | undefined;
  /** An instant reply to every accepted lead (AUTO_REPLY, on unless "off"). */
  autoReply: boolean;
  /**
   * The Reply-To of messages to visitors, with `{token}` standing for the lead's token
   * (REPLY_TO, e.g. hello+{token}@studio.example); unset: MAIL_FROM.
   */
  replyTo: string | undefined;
  /** The owner's mailbox, watched for visitors' replies (IMAP_URL); unset: none. */
  imap: ImapSettings | undefined;
  /** How often the mailbox is polled when it cannot push (IMAP_POLL_SECONDS), in ms. */
  imapPollMs: number;
  /** The currency of deal values (CURRENCY, ISO 4217, default USD). */
  currency: string;
  /** After how many days unchanged an open lead counts as stale on the pipeline (STALE_DAYS). */
  staleDays: number;
  /** Where the built site lives; not an environment variable (tests point it elsewhere). */
  buildDir: string;
}>;

export class ConfigError extends Error {
  override name = "ConfigError";
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.problems = problems;
  }
}

/**
 * For a process's entry point: what `read` makes of the environment, or each problem said on
 * its own line (`config: …`) and exit code 1, never a stack trace.
 */
export function configOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(`config: ${problem}`);
    process.exit(1);
  }
}

const logLevels: readonly LogLevel[] = [
  "fatal",
  "error",
  "warn",
  "info",
  "debug",
  "trace",
  "silent",
];

const port: Check<number> = (v) => {
  if (v === undefined) return ok(3000);
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 65535
    ? ok(n)
    : fail("must be a whole number from 0 to 65535");
};
const host: Check<string> = (v) => ok(v ?? "127.0.0.1");
const dataDir: Check<string> = (v) => ok(path.resolve(v ?? "./data"));
const databaseUrl: Check<string | undefined> = (v) =>
  v === undefined || /^postgres(ql)?:\/\/\S+$/.test(v)
    ? ok(v)
    : fail("must be a postgres:// URL (unset means SQLite)");
/** SITE_URL when set; unset is resolved from HOST and PORT once both are read. */
const siteUrl: Check<string | undefined> = (v) => {
  if (v === undefined) return ok(undefined);
  const parsed = parseSiteUrl(v);
  return "url" in parsed ? ok(parsed.url) : fail(parsed.error);
};

const timeZone: Check<string> = (v) => {
  if (v === undefined) return ok("UTC");
  return isTimeZone(v)
    ? ok(new Intl.DateTimeFormat("en-US", { timeZone: v }).resolvedOptions().timeZone)
    : fail("must be an IANA time zone name like Europe/London or America/New_York");
};
const digestHour: Check<number | null> = (v) => {
  if (v === undefined) return ok(8);
  if (v === "off") return ok(null);
  return /^\d{1,2}$/.test(v) && Number(v) <= 23
    ? ok(Number(v))
    : fail('must be an hour from 0 to 23, or "off"');
};

const logLevel: Check<LogLevel> = (v) =>
  v === undefined
    ? ok("info")
    : logLevels.includes(v as LogLevel)
      ? ok(v as LogLevel)
      : fail(`must be one of ${logLevels.join(", ")}`);

const outboxLease: Check<number> = (v) => {
  if (v === undefined) return ok(120_000);
  const seconds = Number(v);
  return Number.isInteger(seconds) && seconds >= 5 && seconds <= 3600
    ? ok(seconds * 1000)
    : fail("must be a whole number of seconds from 5 to 3600");
};

/** CURRENCY: an ISO 4217 code this runtime knows (USD, EUR, GBP…), in capitals. */
const currency: Check<string> = (v) => {
  if (v === undefined) return ok("USD");
  const code = v.toUpperCase();
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf("currency").includes(code)
    ? ok(code)
    : fail("must be an ISO 4217 currency code like USD, EUR or GBP");
};
const staleDays: Check<number> = (v) => {
  if (v === undefined) return ok(14);
  const days = Number(v);
  return /^\d+$/.test(v) && days >= 1 && days <= 365
    ? ok(days)
    : fail("must be a whole number of days from 1 to 365");
};

/** The token issuer while SITE_URL is unset: the same on every port and host. */
export const unsetSiteUrlIssuer = "urn:fineline:site";

/** SITE_URL's origin when it is set (a bad one is reported by its own check), else the constant. */
function issuerFor(raw: string | undefined): string {
  const parsed = raw?.trim() ? parseSiteUrl(raw) : null;
  return parsed && "url" in parsed ? parsed.url : unsetSiteUrlIssuer;
}

/**
 * Parses the environment into a frozen Config, or throws ConfigError listing every problem.
 * The only reader of process.env: every variable is checked at once, so a bad deployment
 * reports all of its mistakes in one go, one line per variable.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  overrides: Partial<Config> = {},
): Config {
  const problems: string[] = [];
  function read<T>(name: string, check: Check<T>): T {
    const raw = env[name];
    const result = check(raw === undefined || raw.trim() === "" ? undefined : raw.trim());
    if ("error" in result) {
      problems.push(`${name}: ${result.error} (got "${shownValue(name, raw)}")`);
      return undefined as T;
    }
    return result.value;
  }
  const listenPort = read("PORT", port);
  const listenHost = read("HOST", host);
  const config: Config = {
    port: listenPort,
    host: listenHost,
    dataDir: read("DATA_DIR", dataDir),
    databaseUrl: read("DATABASE_URL", databaseUrl),
    jwtSecret: read("JWT_SECRET", jwtSecret),
    metricsToken: read("METRICS_TOKEN", metricsToken),
    // Unset: the address actually served, so canonical links and share images are right on
    // any port. The token issuer does not follow it (issuerFor).
    siteUrl: read("SITE_URL", siteUrl) ?? siteUrlFor(listenHost, listenPort),
    tokenIssuer: issuerFor(env.SITE_URL),
    rateLimit: read("RATE_LIMIT", onOff),
    smtpUrl: read("SMTP_URL", smtpUrl),
    notifyEmail: read("NOTIFY_EMAIL", notifyEmail),
    logLevel: read("LOG_LEVEL", logLevel),
    trustProxy: read("TRUST_PROXY", trustProxy),
    webhookPrivateTargets: read("WEBHOOK_PRIVATE_TARGETS", webhookPrivateTargets),
    timeZone: read("TIMEZONE", timeZone),
    digestHour: read("DIGEST_HOUR", digestHour),
    bookingReminderHours: read("BOOKING_REMINDER_HOURS", reminderHours),
    outboxLeaseMs: read("OUTBOX_LEASE_SECONDS", outboxLease),
    redisUrl: read("REDIS_URL", redisUrl),
    redisKeyPrefix: read("REDIS_KEY_PREFIX", redisKeyPrefix),
    caldav: caldavFrom(
      read("CALDAV_URL", caldavUrl),
      read("CALDAV_USERNAME", anyText),
      // Read raw: a password may begin or end with a space.
      env.CALDAV_PASSWORD || undefined,
    ),
    // Visitors' e-mails come from MAIL_FROM, or the owner's own address (set just below).
    mailFrom: undefined,
    autoReply: read("AUTO_REPLY", onOff),
    replyTo: read("REPLY_TO", replyTo),
    imap: read("IMAP_URL", imapUrl),
    imapPollMs: read("IMAP_POLL_SECONDS", imapPoll),
    currency: read("CURRENCY", currency),
    staleDays: read("STALE_DAYS", staleDays),
    buildDir: path.resolve("build"),
    ...overrides,
  };
  if (config.smtpUrl && !config.notifyEmail && env.NOTIFY_EMAIL === undefined) {
    problems.push(
      "NOTIFY_EMAIL: must be set when SMTP_URL is set (who receives lead notifications?)",
    );
  }
  if (!env.CALDAV_URL?.trim() && (env.CALDAV_USERNAME?.trim() || env.CALDAV_PASSWORD))
    problems.push("CALDAV_URL: must be set when CALDAV_USERNAME or CALDAV_PASSWORD is");
  const mailFromAddress = read("MAIL_FROM", notifyEmail) ?? config.notifyEmail;
  const fromName = read("MAIL_FROM_NAME", mailFromName) ?? site.name;
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze({
    ...config,
    mailFrom:
      "mailFrom" in overrides
        ? overrides.mailFrom
        : mailFromAddress
          ? { address: mailFromAddress, name: fromName }
          : undefined,
  });
}
