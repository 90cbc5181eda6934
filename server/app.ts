import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import type { CatalogEvent } from "../domain/events.ts";
import { adminRoutes } from "./admin/admin-routes.ts";
import { compileWithContracts, requireContracts } from "./api/contracts.ts";
import { docsRoutes } from "./api/docs.routes.ts";
import { openApiRoutes, registerOpenApi } from "./api/openapi.ts";
import { accountRoutes } from "./auth/account.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { mfaRoutes } from "./auth/mfa.routes.ts";
import { passkeyRoutes } from "./auth/passkeys.routes.ts";
import { signingKeyFor } from "./auth/secret.ts";
import type { TokenSettings } from "./auth/tokens.ts";
import { type JobOptions, startBackgroundJobs } from "./background-jobs.ts";
import { bookingRoutes } from "./booking/booking.routes.ts";
import { calDavClient } from "./booking/caldav-client.ts";
import { manageKey } from "./booking/manage-token.ts";
import { busyTimesReader } from "./booking/owner-calendar.ts";
import type { Config } from "./config.ts";
import { contactRoutes } from "./contact/contact.routes.ts";
import { refusedContactPages } from "./contact/contact-form-page.ts";
import { type ContentChange, contentRedirectFor } from "./content/content.repository.ts";
import { defaultContentDir, importContent } from "./content/import.ts";
import { connectDatabase, type DatabaseHandle } from "./db/connect.ts";
import { eventCatalogOf, readEventCatalog } from "./events/event-catalog.ts";
import { eventChangeHook } from "./events/event-changes.ts";
import { refusedRegistrationPages } from "./events/event-form-page.ts";
import { eventsRoutes, guestRegistrationRoutes } from "./events/events.routes.ts";
import { afterAnswerWork } from "./http/after-answer.ts";
import { registerCompression } from "./http/compression.ts";
import { registerErrorHandlers } from "./http/errors.ts";
import { healthRoutes } from "./http/health.routes.ts";
import { limitKeys, sharedCounterFor } from "./http/limit-counters.ts";
import { registerRateLimit } from "./http/rate-limit.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { defaultTimeouts, serverOptions, type Timeouts } from "./http/server-options.ts";
import { visitsRoutes } from "./insights/visits.routes.ts";
import { previewRoutes, publishedSnapshot, renderChange } from "./live-content.ts";
import { mailboxKey } from "./mail/mailbox.repository.ts";
import { mailboxReadinessOf } from "./mail/mailbox-readiness.ts";
import { replyTokenKey } from "./mail/reply-token.ts";
import { mediaFileRoutes } from "./media/media.routes.ts";
import { createMetrics, registerMetrics } from "./metrics.ts";
import { openSharedRedis } from "./redis.ts";
import { type LiveSite, openLiveSite } from "./site/live-site.ts";
import { settingsRead } from "./site/page-renderer.ts";
import { serveBuild } from "./site/served-build.ts";
import { siteRoutes } from "./site/site-routes.ts";
import { indexSiteFiles, pageFileFor } from "./site/static-site.ts";
import { installStudio } from "./studio-settings.ts";
import { invitationRoutes } from "./team/invitation.routes.ts";
import { invitationKey } from "./team/invitation-token.ts";
import { passwordResetRoutes } from "./team/password-reset.routes.ts";
import { passwordResetKey } from "./team/password-reset-token.ts";
import { webhookKey } from "./webhooks/webhooks.routes.ts";

export type AppDependencies = JobOptions & {
  /** An open, migrated database; by default the configured one is opened (and closed with the app). */
  database?: DatabaseHandle;
  /** Tests shorten these to see them act. */
  timeouts?: Partial<Timeouts>;
  /** The clock: what is due today, when the digest goes out (tests move it). */
  now?: () => Date;
  /**
   * Serve the built site too (the default). `npm run dev` runs the API alone, beside Vite,
   * which serves the pages from source.
   */
  serveSite?: boolean;
  /**
   * The events that take registrations; by default the build's catalog (build/events.json).
   * `npm run dev` has no build: it hands over the content's events itself.
   */
  events?: readonly CatalogEvent[];
  /** Tests shorten how often pages are looked at again and read from other instances. */
  liveSite?: { tickMs?: number; pollMs?: number; reconcileAtStart?: boolean };
  /**
   * The renderer's hook, told of every change to the live site's content (ADR 031); by
   * default nothing is told.
   */
  contentChanged?: (change: ContentChange) => Promise<void>;
  /**
   * Where the start-up import reads Markdown from, or null for no import. By default the
   * repository's content/ when the app opens its own database (as `npm start` does), and no
   * import on a database handed in (tests import what they mean to).
   */
  contentDir?: string | null;
};

/**
 * Builds the whole application (plugins, API, static site) without listening, so tests
 * drive it with app.inject() and main.ts owns the process concerns. What every part shares
 * (the config, the database, the clock, the signing key, the metrics, the background jobs) is
 * decorated on the app once; route plugins read it from there.
 */
export async function buildApp(
  config: Config,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, { ...defaultTimeouts, ...deps.timeouts }));
  compileWithContracts(app);
  requireContracts(app);
  const upgradeInsecure = config.siteUrl.startsWith("https:");
  await registerSecurityHeaders(app, { upgradeInsecure });
  await registerCompression(app);

  const database = deps.database ?? (await connectDatabase(config, app.log));
  // After the migrations (connectDatabase ran them), before any request can read content.
  const contentDir =
    deps.contentDir === undefined ? (deps.database ? null : defaultContentDir) : deps.contentDir;
  if (contentDir) await importContent(database.db, contentDir, app.log);
  // Pages and e-mails say what the owner's settings say (domain/site.ts).
  await installStudio(database.db, config.timeZone);
  // The live site opens once the build is indexed, below; changes before that are caught by
  // its first full look at every page.
  let liveSite: LiveSite | null = null;
  const render = deps.contentChanged ?? ((change: ContentChange) => renderChange(liveSite, change));
  // An event's change may have queued e-mails to its registrants (docs/decisions/034): they
  // go once it is committed and its pages are served, not at the outbox's next interval.
  let outboxOfChanges: { poke(): void } | null = null;
  const contentChanged = async (change: ContentChange) => {
    try {
      await render(change);
    } finally {
      if (change.type === "event") outboxOfChanges?.poke();
    }
  };
  // What an entry's change does to other features, in its transaction: an event's
  // registrants are told of a new time or place, or of its cancellation.
  const liveTransition = eventChangeHook({
    siteUrl: config.siteUrl,
    email: Boolean(config.smtpUrl && config.notifyEmail),
  });
  const redis = config.redisUrl ? await openSharedRedis(config.redisUrl, app.log) : null;
  // Counted from the first hook on, so every route (and every 404) is in the figures.
  const metrics = createMetrics(database.db, {
    redis,
    calendar: Boolean(config.caldav),
    mailbox: config.imap && mailboxKey(config.imap),
  });
  registerMetrics(app, metrics, config.metricsToken);
  const clock = deps.now ?? (() => new Date());
  const signingKey = await signingKeyFor(config, database);
  const caldav = config.caldav ? calDavClient(config.caldav) : null;
  const jobs = startBackgroundJobs({
    config,
    database,
    metrics,
    clock,
    log: app.log,
    jobs: deps,
    manageKey: manageKey(signingKey),
    invitationKey: invitationKey(signingKey),
    passwordResetKey: passwordResetKey(signingKey),
    replyTokenKey: replyTokenKey(signingKey),
    webhookKey: webhookKey(signingKey),
    caldav,
    contentChanged,
    liveTransition,
  });
  outboxOfChanges = jobs.outbox;
  const afterAnswer = afterAnswerWork();
  // Shut down in reverse order of start-up: finish what answered requests started, stop the
  // jobs, then let go of Redis and the database.
  app.addHook("onClose", async () => {
    await afterAnswer.idle();
    await jobs.stop();
    redis?.disconnect();
    if (!deps.database) await database.close();
  });

  app.decorate("config", config);
  app.decorate("db", database.db);
  app.decorate("redis", redis);
  app.decorate("clock", clock);
  app.decorate("metrics", metrics);
  app.decorate("tokens", {
    key: signingKey,
    issuer: config.tokenIssuer,
  } satisfies TokenSettings);
  app.decorate("outbox", jobs.outbox);
  app.decorate("webhookWorker", jobs.webhookWorker);
  // A write may have queued webhook deliveries in its transaction: send them once it is
  // answered (committed), not at the worker's next interval.
  app.addHook("onResponse", async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") jobs.webhookWorker?.poke();
  });
  app.decorate("afterAnswer", afterAnswer);
  app.decorate("digest", jobs.digest);
  app.decorate("calendarSync", jobs.calendarSync);
  app.decorate(
    "busyTimes",
    caldav &&
      busyTimesReader({
        client: caldav,
        ownerTimeZone: config.timeZone,
        siteHost: new URL(config.siteUrl).hostname || "localhost",
        log: app.log,
      }),
  );
  app.decorate("spamPurge", jobs.spamPurge);
  // The build as it is now: build/ may be switched to a newer one later (scripts/build.ts), but
  // this server keeps serving the one it started with, pinned so that no later build deletes it
  // (docs/decisions/028-builds-a-live-server-serves.md).
  const served = deps.serveSite === false ? null : serveBuild(config.buildDir, app.log);
  if (served) app.addHook("onClose", async () => served.release());
  // The build's events, read once like its files.
  app.decorate(
    "events",
    deps.events
      ? eventCatalogOf(deps.events)
      : await readEventCatalog(served?.dir ?? config.buildDir, app.log),
  );
  app.decorate("diskErasure", jobs.diskErasure);
  app.decorate("contentChanged", contentChanged);
  app.decorate("liveTransition", liveTransition);
  app.decorate("contentSchedule", jobs.contentSchedule);

  if (config.rateLimit)
    await registerRateLimit(
      app,
      sharedCounterFor({ redis, database, keyOf: limitKeys(signingKey, clock), config }),
    );
  // Before any route: it documents each one as it is registered.
  await registerOpenApi(app, config);
  registerErrorHandlers(app, { rateLimit: config.rateLimit });

  await app.register(healthRoutes, {
    build: served,
    mailbox: config.imap ? mailboxReadinessOf(database.db, config.imap) : undefined,
  });
  await app.register(authRoutes);
  await app.register(mfaRoutes);
  await app.register(passkeyRoutes);
  await app.register(accountRoutes);
  await app.register(invitationRoutes);
  await app.register(passwordResetRoutes);
  await app.register(adminRoutes);
  await app.register(bookingRoutes);
  const site = served && (await indexSiteFiles(path.join(served.dir, "client")));
  liveSite =
    served && site
      ? await openLiveSite({
          db: database.db,
          buildDir: served.dir,
          site,
          siteUrl: config.siteUrl,
          log: app.log,
          clock,
          loadPublished: (folders) => publishedSnapshot(database.db, folders),
          loadSettings: () => installStudio(database.db, config.timeZone),
          onEvents: (events) => app.events.replace(events),
          ...deps.liveSite,
        })
      : null;
  const opened = liveSite;
  if (opened) app.addHook("onClose", async () => opened.stop());
  app.decorate("liveSite", opened);
  app.decorate("studioChanged", () => {
    const pass = opened
      ? opened.publisher.changed([settingsRead])
      : installStudio(database.db, config.timeZone);
    pass.catch((error: unknown) =>
      app.log.error({ err: error }, "site: rendering the pages with the new settings failed"),
    );
  });
  await app.register(visitsRoutes, {
    // Only this site's pages are counted (without a site, as in development, any path).
    isPage: (path: string) => {
      if (!site) return true;
      const page = opened?.live.get(path);
      return page ? !page.gone : pageFileFor(site, path) !== null;
    },
  });
  await app.register(contactRoutes, {
    refusedFormPage: refusedContactPages(site, { upgradeInsecure }),
  });
  await app.register(eventsRoutes, {
    refusedFormPage: refusedRegistrationPages(site, { upgradeInsecure }),
  });
  await app.register(guestRegistrationRoutes);
  await app.register(openApiRoutes);
  await app.register(docsRoutes, {
    // The reference page borrows the site's own Manrope, when the build has it.
    fontUrl: [...(site?.files ?? [])].find((file) =>
      /^\/assets\/manrope-latin-wght-normal-.*\.woff2$/.test(file),
    ),
  });
  await app.register(previewRoutes, { site: opened, upgradeInsecure });
  // The media library's pictures, before the site's catch-all: they live in the database.
  await app.register(mediaFileRoutes);
  if (site)
    await app.register(siteRoutes, {
      site,
      upgradeInsecure,
      live: opened?.live,
      contentRedirect: (path) => contentRedirectFor(database.db, path),
    });
  return app;
}
