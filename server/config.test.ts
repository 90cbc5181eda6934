import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("uses the documented defaults with an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dataDir: path.resolve("data"),
      databaseUrl: undefined,
      jwtSecret: undefined,
      siteUrl: "http://localhost:3000",
      rateLimit: true,
      smtpUrl: undefined,
      notifyEmail: undefined,
      logLevel: "info",
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATA_DIR: "/var/lib/fineline",
      DATABASE_URL: "postgres://app@db:5432/fineline",
      JWT_SECRET: "x".repeat(40),
      SITE_URL: "https://fineline.studio/",
      RATE_LIMIT: "off",
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      NOTIFY_EMAIL: "owner@fineline.studio",
      LOG_LEVEL: "warn",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/var/lib/fineline",
      databaseUrl: "postgres://app@db:5432/fineline",
      siteUrl: "https://fineline.studio",
      rateLimit: false,
      notifyEmail: "owner@fineline.studio",
      logLevel: "warn",
    });
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", SITE_URL: " " })).toMatchObject({
      port: 3000,
      siteUrl: "http://localhost:3000",
    });
  });

  it("reports every bad variable, one line each", () => {
    const problems = problemsOf({
      PORT: "eighty",
      DATABASE_URL: "mysql://db",
      JWT_SECRET: "short",
      SITE_URL: "fineline.studio",
      RATE_LIMIT: "maybe",
      SMTP_URL: "http://mail",
      NOTIFY_EMAIL: "not-an-email",
      LOG_LEVEL: "loud",
    });
    expect(problems.map((p) => p.split(":")[0])).toEqual([
      "PORT",
      "DATABASE_URL",
      "JWT_SECRET",
      "SITE_URL",
      "RATE_LIMIT",
      "SMTP_URL",
      "NOTIFY_EMAIL",
      "LOG_LEVEL",
    ]);
    for (const line of problems) expect(line).not.toContain("\n");
  });

  it("never echoes the secret it rejects", () => {
    const [line] = problemsOf({ JWT_SECRET: "hunter2-but-short" });
    expect(line).toContain("JWT_SECRET");
    expect(line).not.toContain("hunter2");
  });

  it("says what is wrong with SITE_URL once, with the value once", () => {
    const [line] = problemsOf({ SITE_URL: "fineline.studio" });
    expect(line).toBe(
      'SITE_URL: must be an absolute URL like https://example.com (got "fineline.studio")',
    );
  });

  it("never echoes a DATABASE_URL's password", () => {
    const [line] = problemsOf({ DATABASE_URL: "mysql://studio:s3cret-pw@db.internal/leads" });
    expect(line).toContain("db.internal");
    expect(line).not.toContain("s3cret-pw");
  });

  it("names the address actually served when SITE_URL is unset", () => {
    expect(loadConfig({ PORT: "4000" }).siteUrl).toBe("http://localhost:4000");
    expect(loadConfig({ HOST: "0.0.0.0", PORT: "8080" }).siteUrl).toBe("http://localhost:8080");
    expect(loadConfig({ HOST: "192.0.2.10", PORT: "3000" }).siteUrl).toBe("http://192.0.2.10:3000");
    expect(loadConfig({ HOST: "2001:db8::1", PORT: "80" }).siteUrl).toBe("http://[2001:db8::1]");
    // Port 0 (any) has no address before it listens: the default stands.
    expect(loadConfig({ PORT: "0" }).siteUrl).toBe("http://localhost:3000");
    expect(loadConfig({ PORT: "4000", SITE_URL: "https://fineline.studio" }).siteUrl).toBe(
      "https://fineline.studio",
    );
  });

  it("reads the outbox lease in seconds, within bounds", () => {
    expect(loadConfig({}).outboxLeaseMs).toBe(120_000);
    expect(loadConfig({ OUTBOX_LEASE_SECONDS: "30" }).outboxLeaseMs).toBe(30_000);
    for (const bad of ["0", "4", "3601", "1.5", "soon"])
      expect(problemsOf({ OUTBOX_LEASE_SECONDS: bad })[0]).toMatch(
        /^OUTBOX_LEASE_SECONDS: must be/,
      );
  });

  it("rejects a SITE_URL with a path", () => {
    expect(problemsOf({ SITE_URL: "https://fineline.studio/blog" })[0]).toMatch(
      /^SITE_URL: must be an origin/,
    );
  });

  it("requires NOTIFY_EMAIL when SMTP_URL is set", () => {
    expect(problemsOf({ SMTP_URL: "smtp://localhost:25" })).toEqual([
      expect.stringMatching(/^NOTIFY_EMAIL: must be set/),
    ]);
  });

  it("rejects out-of-range ports", () => {
    expect(problemsOf({ PORT: "70000" })[0]).toMatch(/^PORT:/);
    expect(problemsOf({ PORT: "3.5" })[0]).toMatch(/^PORT:/);
  });

  it("reads TRUST_PROXY as off, a hop count, or proxy addresses and ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "off" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.1.0.0/16,::1,loopback" }).trustProxy).toEqual([
      "10.0.0.1",
      "10.1.0.0/16",
      "::1",
      "loopback",
    ]);
    for (const bad of [
      "true",
      "yes",
      "0",
      "11",
      "10.0.0.300",
      "10.0.0.0/33",
      "::1/129",
      "proxy.internal",
    ])
      expect(problemsOf({ TRUST_PROXY: bad })[0], bad).toMatch(/^TRUST_PROXY: /);
  });

  it("reads WEBHOOK_PRIVATE_TARGETS as addresses and ranges, none by default", () => {
    expect(loadConfig({}).webhookPrivateTargets).toEqual([]);
    expect(
      loadConfig({ WEBHOOK_PRIVATE_TARGETS: "127.0.0.1, 10.1.0.0/16,::1,loopback" })
        .webhookPrivateTargets,
    ).toEqual(["127.0.0.1", "10.1.0.0/16", "::1", "loopback"]);
    for (const bad of ["2", "off", "10.0.0.300", "10.0.0.0/33", "n8n.internal", ","])
      expect(problemsOf({ WEBHOOK_PRIVATE_TARGETS: bad })[0], bad).toMatch(
        /^WEBHOOK_PRIVATE_TARGETS: /,
      );
  });

  it("reads TIMEZONE as an IANA zone (UTC by default) and DIGEST_HOUR as an hour or off", () => {
    expect(loadConfig({})).toMatchObject({ timeZone: "UTC", digestHour: 8 });
    expect(loadConfig({ TIMEZONE: "america/new_york", DIGEST_HOUR: "off" })).toMatchObject({
      timeZone: "America/New_York",
      digestHour: null,
    });
    expect(loadConfig({ DIGEST_HOUR: "0" }).digestHour).toBe(0);
    expect(loadConfig({ DIGEST_HOUR: "23" }).digestHour).toBe(23);
    expect(problemsOf({ TIMEZONE: "Mars/Olympus_Mons" })).toEqual([
      expect.stringMatching(/^TIMEZONE: must be an IANA time zone name/),
    ]);
    for (const bad of ["24", "-1", "8am", "on", "8.5"])
      expect(problemsOf({ DIGEST_HOUR: bad })[0], bad).toMatch(/^DIGEST_HOUR: /);
  });

  it("reads BOOKING_REMINDER_HOURS as 1 to 168 hours (24 by default) or off", () => {
    expect(loadConfig({}).bookingReminderHours).toBe(24);
    expect(loadConfig({ BOOKING_REMINDER_HOURS: "off" }).bookingReminderHours).toBeNull();
    expect(loadConfig({ BOOKING_REMINDER_HOURS: "2" }).bookingReminderHours).toBe(2);
    for (const bad of ["0", "169", "1.5", "soon"])
      expect(problemsOf({ BOOKING_REMINDER_HOURS: bad })[0], bad).toMatch(
        /^BOOKING_REMINDER_HOURS: /,
      );
  });

  it("reads CALDAV_URL as a calendar collection, with its credentials taken out", () => {
    expect(loadConfig({}).caldav).toBeUndefined();
    expect(
      loadConfig({ CALDAV_URL: "https://owner:s%40cret@cal.example/dav/owner/work" }).caldav,
    ).toEqual({
      url: "https://cal.example/dav/owner/work/",
      username: "owner",
      password: "s@cret",
    });
    // The variables win over the URL's own credentials.
    expect(
      loadConfig({
        CALDAV_URL: "https://a:b@cal.example/work/",
        CALDAV_USERNAME: "owner",
        CALDAV_PASSWORD: " spaced ",
      }).caldav,
    ).toEqual({ url: "https://cal.example/work/", username: "owner", password: " spaced " });
    // Plain http only to this machine.
    expect(loadConfig({ CALDAV_URL: "http://127.0.0.1:5232/owner/work/" }).caldav?.url).toBe(
      "http://127.0.0.1:5232/owner/work/",
    );
    expect(problemsOf({ CALDAV_URL: "http://owner:hunter22@cal.example/work/" })).toEqual([
      'CALDAV_URL: must use https:// (plain http:// only to a loopback address such as 127.0.0.1) (got "http://***@cal.example/work/")',
    ]);
    for (const bad of ["cal.example/work", "ftp://cal.example/", "https://cal.example/?a=1"])
      expect(problemsOf({ CALDAV_URL: bad })[0], bad).toMatch(/^CALDAV_URL: /);
    expect(problemsOf({ CALDAV_PASSWORD: "hunter22" })).toEqual([
      "CALDAV_URL: must be set when CALDAV_USERNAME or CALDAV_PASSWORD is",
    ]);
  });

  it("reads the mail variables: MAIL_FROM and its name, AUTO_REPLY, REPLY_TO, IMAP_URL", () => {
    const config = loadConfig({ NOTIFY_EMAIL: "owner@studio.example" });
    expect(config).toMatchObject({
      mailFrom: { address: "owner@studio.example", name: "Fineline Studio" },
      autoReply: true,
      replyTo: undefined,
      imap: undefined,
      imapPollMs: 60_000,
    });
    expect(
      loadConfig({
        MAIL_FROM: "hello@studio.example",
        MAIL_FROM_NAME: "Nora at Fineline",
        AUTO_REPLY: "off",
        REPLY_TO: "hello+{token}@studio.example",
        IMAP_URL: "imaps://hello%40studio.example:p%40ss@mail.studio.example/Leads",
        IMAP_POLL_SECONDS: "30",
      }),
    ).toMatchObject({
      mailFrom: { address: "hello@studio.example", name: "Nora at Fineline" },
      autoReply: false,
      replyTo: "hello+{token}@studio.example",
      imap: {
        host: "mail.studio.example",
        port: 993,
        secure: true,
        username: "hello@studio.example",
        password: "p@ss",
        mailbox: "Leads",
      },
      imapPollMs: 30_000,
    });
    expect(loadConfig({ IMAP_URL: "imap://u:p@127.0.0.1:1143" }).imap).toMatchObject({
      port: 1143,
      secure: false,
      mailbox: "INBOX",
    });
    const problems = problemsOf({
      MAIL_FROM: "hello",
      MAIL_FROM_NAME: 'Nora "the boss"',
      AUTO_REPLY: "sometimes",
      REPLY_TO: "{token}+hello@{token}.example",
      IMAP_URL: "imap://u:secret-password@mail.example/INBOX",
      IMAP_POLL_SECONDS: "2",
    });
    expect(problems.map((p) => p.split(":")[0]).sort()).toEqual([
      "AUTO_REPLY",
      "IMAP_POLL_SECONDS",
      "IMAP_URL",
      "MAIL_FROM",
      "MAIL_FROM_NAME",
      "REPLY_TO",
    ]);
    expect(problems.join("\n")).not.toContain("secret-password");
    expect(problemsOf({ IMAP_URL: "imaps://mail.example/INBOX" })[0]).toMatch(
      /^IMAP_URL: must carry the mailbox's user and password/,
    );
    expect(problemsOf({ REPLY_TO: "hello@{token}.example" })[0]).toMatch(/^REPLY_TO: /);
  });

  it("reads CURRENCY as an ISO 4217 code (USD by default) and STALE_DAYS as 1 to 365 days", () => {
    expect(loadConfig({})).toMatchObject({ currency: "USD", staleDays: 14 });
    expect(loadConfig({ CURRENCY: "eur", STALE_DAYS: "30" })).toMatchObject({
      currency: "EUR",
      staleDays: 30,
    });
    for (const bad of ["EURO", "XXY", "$", "us"])
      expect(problemsOf({ CURRENCY: bad })[0], bad).toMatch(/^CURRENCY: must be an ISO 4217/);
    for (const bad of ["0", "366", "2.5", "soon"])
      expect(problemsOf({ STALE_DAYS: bad })[0], bad).toMatch(/^STALE_DAYS: /);
  });
});
