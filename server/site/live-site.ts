import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { catalogEventOf, contentFingerprint, eventBoundaries } from "../../domain/content-pages.ts";
import { eventSchema } from "../../domain/content-schema.ts";
import type { CatalogEvent } from "../../domain/events.ts";
import { builtInSite, type SiteSettings } from "../../domain/site.ts";
import type { Db } from "../db/connect.ts";
import { startPassLoop } from "../pass-loop.ts";
import { contentFingerprintFile, textFontFile } from "./finish-page.ts";
import { type LivePages, openLivePages } from "./live-pages.ts";
import { createPageRenderer, type RenderedPage } from "./page-renderer.ts";
import {
  createPublisher,
  nextSourceGeneration,
  type PublishedSnapshot,
  type Publisher,
} from "./publisher.ts";
import type { SiteFiles } from "./static-site.ts";

/**
 * The site as published content makes it (docs/decisions/033): the build's pages, and over
 * them the pages rendered since, shared by every instance through the database. Time moves
 * pages too (an event that has ended): once every `tickMs` one instance looks again at the
 * pages that read events.
 */
export type LiveSite = {
  readonly live: LivePages;
  readonly publisher: Publisher;
  /** A page as it would be with this snapshot (a draft's preview); never stored. */
  preview(path: string, snapshot: PublishedSnapshot): Promise<RenderedPage | null>;
  stop(): void;
};

export async function openLiveSite(options: {
  db: Db;
  buildDir: string;
  site: SiteFiles;
  siteUrl: string;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** The published entries, of these folders only when given. */
  loadPublished: (folders?: readonly string[]) => Promise<PublishedSnapshot>;
  /** Reads and installs the site settings pages are rendered with (domain/site.ts). */
  loadSettings: () => Promise<SiteSettings>;
  /** The published events, whenever pages that show events arrive (taking registrations). */
  onEvents?: (events: readonly CatalogEvent[]) => void;
  tickMs?: number;
  pollMs?: number;
  /** Look at every page at start (the default); the publishing benchmark times it itself. */
  reconcileAtStart?: boolean;
}): Promise<LiveSite | null> {
  const { db, buildDir, log, clock } = options;
  const bundle = path.join(buildDir, "server", "index.js");
  if (!existsSync(bundle) || !existsSync(path.join(buildDir, textFontFile))) {
    // Only a build older than the content studio (or the tests' fake one) has none, and
    // npm start rebuilds an older build: not worth a line in a start that may fail for another
    // reason, which says why in one line.
    log.debug(`site: ${buildDir} has no renderer; published content shows after the next build`);
    return null;
  }
  // Identical builds (the same code and SITE_URL, on any machine) share their rendered pages.
  const buildId = createHash("sha256")
    .update(await readFile(bundle))
    .update(options.siteUrl)
    .digest("base64url")
    .slice(0, 16);
  const renderer = await createPageRenderer({ buildDir, siteUrl: options.siteUrl });
  // A build made for a fixed day (BUILD_TIME, the browser tests) renders for that day too.
  const fixed = process.env.BUILD_TIME ? Date.parse(process.env.BUILD_TIME) : Number.NaN;
  const now = () => (Number.isNaN(fixed) ? clock().getTime() : fixed);

  const takeEvents = (snapshot: PublishedSnapshot) => {
    if (!options.onEvents) return;
    const events: CatalogEvent[] = [];
    for (const entry of snapshot.get("events") ?? []) {
      const meta = eventSchema.safeParse(entry.data);
      if (meta.success) events.push(catalogEventOf(entry.slug, meta.data, options.siteUrl));
      else log.error(`site: ${entry.file} is no valid event; it takes no registrations`);
    }
    options.onEvents(events);
  };
  const refreshEvents = async () => takeEvents(await options.loadPublished(["events"]));
  const live = await openLivePages({
    db,
    buildId,
    log,
    clock,
    pollMs: options.pollMs,
    onArrived: (pages) => {
      if (pages.some((page) => page.reads.includes("events")))
        refreshEvents().catch((error: unknown) =>
          log.error({ err: error }, "site: could not read the published events"),
        );
    },
  });
  const publisher = createPublisher({
    db,
    buildId,
    site: options.site,
    renderer,
    live,
    loadPublished: options.loadPublished,
    loadSettings: options.loadSettings,
    now,
    clock,
    log,
  });
  const tickMs = options.tickMs ?? 20_000;
  // Pages change by themselves only when an event starts or ends: a look is due when one of
  // those times has passed since the last look (at first, since the build's own "now").
  let lookedAt = await buildNow(buildDir, clock);
  const tick = async () => {
    const at = now();
    const events = (await options.loadPublished(["events"])).get("events") ?? [];
    const due = eventBoundaries(events).some((time) => time > lookedAt && time <= at);
    lookedAt = at;
    if (!due) return;
    const slot = `tick:${Math.floor(clock().getTime() / tickMs)}`;
    if (!(await publisher.claim(slot))) return;
    await publisher.retime(["events"]);
    // The slots of passes long done say nothing any more.
    await db
      .deleteFrom("render_claims")
      .where("claimed_at", "<", clock().getTime() - 86_400_000)
      .execute();
  };
  // Never two looks at once on an instance, however long one takes.
  const ticker = startPassLoop({
    name: "site: the timed look at the events' pages",
    intervalMs: tickMs,
    log,
    pass: tick,
  });
  // Whatever was published, scheduled or ended while no instance ran; nothing when the
  // database holds exactly what the build rendered, with the settings it was built with, and
  // no page was rendered since.
  const published = await options.loadPublished();
  takeEvents(published);
  const settings = await options.loadSettings();
  const untouched =
    [...live.all()].length === 0 &&
    JSON.stringify(settings) === JSON.stringify(builtInSite) &&
    (await builtFingerprint(buildDir)) ===
      (await contentFingerprint((f) => published.get(f) ?? []));
  const startSlot = `start:${Math.floor(clock().getTime() / 60_000)}`;
  if (untouched)
    publisher
      .baseline()
      .catch((error: unknown) =>
        log.error({ err: error }, "site: reading the build's pages at start failed"),
      );
  else if (options.reconcileAtStart !== false && (await publisher.claim(startSlot)))
    publisher
      .reconcile()
      .catch((error: unknown) =>
        log.error({ err: error }, "site: rendering the published content at start failed"),
      );
  return {
    live,
    publisher,
    preview: (pagePath, snapshot) =>
      renderer.render(pagePath, {
        generation: nextSourceGeneration(),
        now,
        entries: (folder) => snapshot.get(folder) ?? [],
      }),
    stop() {
      void ticker.stop();
      live.stop();
    },
  };
}

/** The "now" the build rendered for (BUILD_TIME, else when it was built). */
async function buildNow(buildDir: string, clock: () => Date): Promise<number> {
  try {
    const info = JSON.parse(await readFile(path.join(buildDir, "build-info.json"), "utf8"));
    const at = Date.parse(info.buildTime ?? info.builtAt);
    return Number.isFinite(at) ? at : clock().getTime();
  } catch {
    return clock().getTime();
  }
}

/** The fingerprint of the content the build rendered, or null for a build that has none. */
async function builtFingerprint(buildDir: string): Promise<string | null> {
  try {
    const file = await readFile(path.join(buildDir, contentFingerprintFile), "utf8");
    return (JSON.parse(file) as { fingerprint: string }).fingerprint;
  } catch {
    return null;
  }
}
