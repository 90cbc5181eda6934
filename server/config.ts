import { isIP } from "node:net";
import path from "node:path";
import { hasControlCharacter } from "../domain/api.ts";
import { isTimeZone } from "../domain/dates.ts";
import { isValidEmail } from "../domain/email.ts";
import { site } from "../domain/site.ts";
import { parseSiteUrl, siteUrlFor } from "../domain/site-url.ts";

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

/** A CalDAV calendar collection: its URL without credentials, and the credentials apart. */
export type CalDavSettings = Readonly<{
  url: string;
  username: string | undefined;
  password: string | undefined;
}>;

/** An IMAP mailbox: where it is, who logs in, and which folder is watched. */
export type ImapSettings = Readonly<{
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  mailbox: string;
}>;

export class ConfigError extends Error {
  override name = "ConfigError";
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.problems = problems;
  }
}

type Check<T> = (value: string | undefined) => { value: T } | { error: string };
const ok = <T>(value: T) => ({ value });
const fail = (error: string) => ({ error });

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
const jwtSecret: Check<string | undefined> = (v) =>
  v === undefined || v.length >= 32
    ? ok(v)
    : fail("must be at least 32 characters (unset means a generated key in DATA_DIR)");
const metricsToken: Check<string | undefined> = (v) =>
  v === undefined || /^[\x21-\x7e]{32,256}$/.test(v)
    ? ok(v)
    : fail("must be 32 to 256 visible characters, no spaces (unset means no /metrics)");
/** SITE_URL when set; unset is resolved from HOST and PORT once both are read. */
const siteUrl: Check<string | undefined> = (v) => {
  if (v === undefined) return ok(undefined);
  const parsed = parseSiteUrl(v);
  return "url" in parsed ? ok(parsed.url) : fail(parsed.error);
};
/** A switch that is on unless set to "off" (RATE_LIMIT, AUTO_REPLY). */
const onOff: Check<boolean> = (v) =>
  v === undefined || v === "on"
    ? ok(true)
    : v === "off"
      ? ok(false)
      : fail('must be "on" or "off"');
const smtpUrl: Check<string | undefined> = (v) =>
  v === undefined || /^smtps?:\/\/\S+$/.test(v)
    ? ok(v)
    : fail("must be an smtp:// or smtps:// URL");
const notifyEmail: Check<string | undefined> = (v) =>
  v === undefined || isValidEmail(v) ? ok(v) : fail("must be an e-mail address");

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

const reminderHours: Check<number | null> = (v) => {
  if (v === undefined) return ok(24);
  if (v === "off") return ok(null);
  return /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 168
    ? ok(Number(v))
    : fail('must be a whole number of hours from 1 to 168, or "off"');
};

/** proxy-addr's named ranges, accepted as TRUST_PROXY entries like addresses. */
const namedRanges = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Off unless set: behind no proxy, X-Forwarded-For is whatever the client wrote, and rate
 * limits must key on the connection's own address.
 */
const trustProxy: Check<false | number | readonly string[]> = (v) => {
  if (v === undefined || v === "off" || v === "false") return ok(false);
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 10 ? ok(hops) : fail("must be a hop count from 1 to 10");
  }
  const entries = v
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  return entries.length && !bad.length
    ? ok(Object.freeze(entries))
    : fail(
        `must be "off", a hop count, or proxy addresses/ranges like 10.0.0.1,10.1.0.0/16 (not ${bad.join(", ") || "empty"})`,
      );
};
const logLevel: Check<LogLevel> = (v) =>
  v === undefined
    ? ok("info")
    : logLevels.includes(v as LogLevel)
      ? ok(v as LogLevel)
      : fail(`must be one of ${logLevels.join(", ")}`);

const redisUrl: Check<string | undefined> = (v) =>
  v === undefined || /^rediss?:\/\/\S+$/.test(v)
    ? ok(v)
    : fail("must be a redis:// or rediss:// URL (unset means limits in PostgreSQL or memory)");
const redisKeyPrefix: Check<string> = (v) =>
  v === undefined
    ? ok("fineline:")
    : /^[A-Za-z0-9:._-]{1,64}$/.test(v)
      ? ok(v)
      : fail("must be 1 to 64 letters, digits or : . _ -");
const outboxLease: Check<number> = (v) => {
  if (v === undefined) return ok(120_000);
  const seconds = Number(v);
  return Number.isInteger(seconds) && seconds >= 5 && seconds <= 3600
    ? ok(seconds * 1000)
    : fail("must be a whole number of seconds from 5 to 3600");
};

/**
 * Plain http (or imap) carries a password in the clear: only to this machine, where nothing
 * on the wire can read it.
 */
export const isLoopbackHost = (hostname: string) =>
  /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(hostname);

/**
 * CALDAV_URL: a calendar collection, https (http only to a loopback address). Credentials in
 * the URL are taken out of it, so the URL itself can be logged and compared.
 */
const caldavUrl: Check<{ url: string; username?: string; password?: string } | undefined> = (v) => {
  if (v === undefined) return ok(undefined);
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    return fail("must be the https:// URL of a calendar collection");
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return fail("must be the https:// URL of a calendar collection");
  if (parsed.protocol === "http:" && !isLoopbackHost(parsed.hostname))
    return fail("must use https:// (plain http:// only to a loopback address such as 127.0.0.1)");
  if (parsed.search || parsed.hash) return fail("must not have a query or a fragment");
  const username = parsed.username ? decodeURIComponent(parsed.username) : undefined;
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.username = "";
  parsed.password = "";
  // A collection's members are resolved against it: it ends with a slash.
  if (!parsed.pathname.endsWith("/")) parsed.pathname += "/";
  return ok({
    url: parsed.href,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
  });
};
const anyText: Check<string | undefined> = (v) => ok(v);

const mailFromName: Check<string | undefined> = (v) =>
  v === undefined || (v.length <= 80 && !hasControlCharacter(v) && !/["<>]/.test(v))
    ? ok(v)
    : fail("must be 1 to 80 characters, without line breaks, quotes or < >");
/** REPLY_TO: an address, where `{token}` may stand for the lead's token (plus addressing). */
const replyTo: Check<string | undefined> = (v) => {
  if (v === undefined) return ok(undefined);
  const sample = v.replaceAll("{token}", "abcdefghijklmnopqrstuvwxyz");
  if ((v.match(/\{token\}/g) ?? []).length > 1 || !isValidEmail(sample))
    return fail(
      "must be an e-mail address, where {token} may appear once (hello+{token}@studio.example)",
    );
  if (v.includes("{token}") && v.indexOf("{token}") > v.lastIndexOf("@"))
    return fail("must have {token} before the @ (hello+{token}@studio.example)");
  return ok(v);
};
/** IMAP_URL: imaps://user:password@host:993/INBOX; imap:// only to a loopback address. */
const imapUrl: Check<ImapSettings | undefined> = (v) => {
  if (v === undefined) return ok(undefined);
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    return fail("must be an imaps:// URL like imaps://user:password@host:993/INBOX");
  }
  const secure = parsed.protocol === "imaps:";
  if (!secure && parsed.protocol !== "imap:")
    return fail("must be an imaps:// URL like imaps://user:password@host:993/INBOX");
  if (!secure && !isLoopbackHost(parsed.hostname))
    return fail("must use imaps:// (plain imap:// only to a loopback address such as 127.0.0.1)");
  if (!parsed.username || !parsed.password)
    return fail("must carry the mailbox's user and password (imaps://user:password@host/INBOX)");
  const mailbox = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "INBOX";
  return ok(
    Object.freeze({
      host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
      secure,
      username: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
      mailbox,
    }),
  );
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
const imapPoll: Check<number> = (v) => {
  if (v === undefined) return ok(60_000);
  const seconds = Number(v);
  return /^\d+$/.test(v) && seconds >= 5 && seconds <= 3600
    ? ok(seconds * 1000)
    : fail("must be a whole number of seconds from 5 to 3600");
};

/** A bad value as the error shows it: never a secret, never a URL's password. */
const shownValue = (name: string, raw: string | undefined) =>
  name === "JWT_SECRET" || name === "METRICS_TOKEN" || name === "CALDAV_PASSWORD"
    ? "<hidden>"
    : (raw ?? "").replace(/\/\/[^@\s/]*@/g, "//***@");

/** CALDAV_USERNAME and CALDAV_PASSWORD win over the URL's own credentials. */
function caldavFrom(
  parsed: { url: string; username?: string; password?: string } | undefined,
  username: string | undefined,
  password: string | undefined,
): CalDavSettings | undefined {
  if (!parsed) return undefined;
  return Object.freeze({
    url: parsed.url,
    username: username ?? parsed.username,
    password: password ?? parsed.password,
  });
}

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
