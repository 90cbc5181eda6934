import { readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import {
  collectionFolders,
  contentSitePaths,
  entryPageReach,
  inPageOrder,
} from "../../domain/content-pages.ts";
import type { ContentSource, SourceEntry } from "../../domain/content-source.ts";
import { shareImagePath } from "../../domain/share-image.ts";
import { builtInSite } from "../../domain/site.ts";
import { collectionPaths } from "../../domain/site-paths.ts";
import { shareCardFingerprint, shareImagePng, sharePageOf } from "../../scripts/brand-assets.ts";
import type { Db } from "../db/connect.ts";
import type { LivePages } from "./live-pages.ts";
import type { PageRenderer, RenderedPage } from "./page-renderer.ts";
import type { SiteFiles } from "./static-site.ts";

/**
 * Decides which pages a change of published content touches, renders those whose data
 * changed, and saves them for every instance (docs/decisions/033). A change names the content
 * folders it touched; a full pass (at start) looks at every page.
 */

/** The published entries, grouped by content/ folder, as the loaders read them. */
export type PublishedSnapshot = ReadonlyMap<string, readonly SourceEntry[]>;

export type PublishReport = {
  readonly checked: number;
  readonly rendered: readonly string[];
  readonly gone: readonly string[];
  readonly ms: number;
  /** Where the time went: reading the content, looking at pages, rendering, images, saving. */
  readonly phases: Readonly<Record<string, number>>;
};

export type Publisher = {
  /** Renders what a change to these folders touches (and these paths); resolves once served. */
  changed(folders: readonly string[], paths?: readonly string[]): Promise<PublishReport>;
  /** Looks again at the pages of these folders for what time changed (an event's end). */
  retime(folders: readonly string[]): Promise<PublishReport>;
  /** Every page: those whose data differ from what is served are rendered. */
  reconcile(): Promise<PublishReport>;
  /** Takes in, without rendering, what the build's own pages show (their content is current). */
  baseline(): Promise<void>;
  /** The report of the last pass (logs and the publishing benchmark). */
  lastReport(): PublishReport | null;
  /** Whether this instance's turn at a timed pass `slot` (one instance per slot). */
  claim(slot: string): Promise<boolean>;
};

/**
 * The loaders keep their parsed collections per source generation, in the one copy of the
 * React Router bundle this process holds: every source this process renders from (each
 * instance's publisher, a preview) takes a number no other took.
 */
let lastGeneration = 0;
export const nextSourceGeneration = () => ++lastGeneration;

/** How many pages a full pass renders before it saves them. */
const fullPassBatch = 50;

/** Pages made from one entry each, which leave the site with their entry. */
const entryPagePatterns = [
  ...Object.values(collectionPaths).map(({ path }) => path("")),
  "/events/",
].map((prefix) => new RegExp(`^${prefix.replace(/\//g, "\\/")}[^/]+(\\/registered)?$`));
const isEntryPage = (path: string) => entryPagePatterns.some((pattern) => pattern.test(path));

export function createPublisher(options: {
  db: Db;
  buildId: string;
  site: SiteFiles;
  renderer: PageRenderer;
  live: LivePages;
  loadPublished: () => Promise<PublishedSnapshot>;
  /** Reads and installs the site settings (domain/site.ts) that pages are rendered with. */
  loadSettings: () => Promise<unknown>;
  /** "Now" for pages (events): BUILD_TIME when the server runs with one, else the clock. */
  now: () => number;
  clock: () => Date;
  log: FastifyBaseLogger;
}): Publisher {
  const { db, buildId, site, renderer, live, log } = options;
  /** The entries the last pass read: where a changed entry stood before the change. */
  let lastSnapshot: PublishedSnapshot | null = null;
  let last: PublishReport | null = null;
  // One pass at a time on an instance: two publishes in a row render in order, the second
  // seeing the first's pages.
  let tail: Promise<unknown> = Promise.resolve();

  async function sourceNow() {
    const [snapshot] = await Promise.all([options.loadPublished(), options.loadSettings()]);
    const source: ContentSource = {
      generation: nextSourceGeneration(),
      now: options.now,
      entries: (f) => snapshot.get(f) ?? [],
    };
    return { source, snapshot };
  }

  /**
   * The entry pages a change to `paths` can reach: those paths, and the pages of the entries
   * within `entryPageReach` of them in their collection's order, before and after the change.
   */
  function reachOf(folders: readonly string[], paths: readonly string[], now: PublishedSnapshot) {
    // An event's confirmation page shows it too.
    const reached = new Set(paths.flatMap((path) => [path, `${path}/registered`]));
    for (const folder of folders) {
      const reach = entryPageReach[folder] ?? 0;
      const collection = Object.entries(collectionFolders).find(([, f]) => f === folder)?.[0];
      if (!reach || !collection) continue;
      const pathOf = collectionPaths[collection as keyof typeof collectionPaths].path;
      for (const snapshot of [lastSnapshot, now]) {
        const ordered = inPageOrder(folder, snapshot?.get(folder) ?? []);
        ordered.forEach((entry, at) => {
          if (!paths.includes(pathOf(entry.slug))) return;
          for (let i = at - reach; i <= at + reach; i++) {
            const near = ordered[i];
            if (near) reached.add(pathOf(near.slug));
          }
        });
      }
    }
    return reached;
  }

  /** The build's pages made from entries, and every path rendered since. */
  function knownPaths(): Set<string> {
    const known = new Set<string>();
    for (const file of site.files) {
      if (!file.endsWith("/index.html")) continue;
      const path = file.slice(0, -"/index.html".length);
      if (isEntryPage(path)) known.add(path);
    }
    for (const page of live.all()) known.add(page.path);
    return known;
  }

  /** The count of changes to published content; a change counts itself before it reads. */
  async function generationNow(bump: boolean): Promise<number> {
    if (bump)
      await db
        .updateTable("render_generation")
        .set({ value: sql<number>`value + 1` })
        .where("id", "=", 1)
        .execute();
    const row = await db
      .selectFrom("render_generation")
      .select("value")
      .where("id", "=", 1)
      .executeTakeFirst();
    return Number(row?.value ?? 0);
  }

  async function pass(
    folders: readonly string[] | "all",
    paths: readonly string[] = [],
    bump = false,
  ) {
    const started = performance.now();
    // Read before the content: a pass that saw older content carries an older count, and its
    // pages never replace those of a pass that saw newer content (another instance's, say).
    const generation = await generationNow(bump);
    const { source, snapshot } = await sourceNow();
    const phases: Record<string, number> = { read: performance.now() - started };
    const time = async <T>(phase: string, work: () => Promise<T>) => {
      const at = performance.now();
      try {
        return await work();
      } finally {
        phases[phase] = (phases[phase] ?? 0) + performance.now() - at;
      }
    };
    const current = contentSitePaths((folder) => source.entries(folder), source.now());
    const currentSet = new Set(current);
    const reached = folders === "all" ? null : reachOf(folders, paths, snapshot);
    lastSnapshot = snapshot;
    const touches = (path: string) => {
      if (folders === "all" || paths.includes(path)) return true;
      const served = known(path);
      // A page whose reads are unknown is looked at.
      if (!served) return true;
      if (!served.reads.some((folder) => folders.includes(folder))) return false;
      // Another entry's own page, beyond the change's reach, shows nothing that changed
      // (a time-driven look has no changed paths: it looks at them all).
      return !(paths.length > 0 && isEntryPage(path) && reached && !reached.has(path));
    };
    const rendered: RenderedPage[] = [];
    const done: string[] = [];
    let checked = 0;
    for (const path of current) {
      if (!touches(path)) continue;
      checked += 1;
      const served = known(path);
      if (served && !path.endsWith(".xml")) {
        const check = await time("check", () => renderer.check(path, source));
        if (check && check.dataHash === served.dataHash) continue;
      }
      const page = await time("render", () => renderer.render(path, source));
      if (!page) continue;
      if (served && served.dataHash === page.dataHash && path.endsWith(".xml")) continue;
      rendered.push(page);
      // A full pass saves as it goes, so a thousand pages never sit in memory at once; each
      // page is right on its own, and a change's pass (one transaction) stays all or nothing.
      if (folders === "all" && rendered.length >= fullPassBatch) {
        const batch = rendered.splice(0);
        batch.push(...(await shareImagesFor(batch)));
        await live.save(batch, [], generation);
        done.push(...batch.map((saved) => saved.path));
      }
    }
    // A full pass draws its share images with its pages. A change's pass answers once its
    // pages are served, compressed quickly, and right after, in a queue beside it, draws their
    // share images and saves the pages again compressed smallest: neither is worth the
    // owner's wait, and until then a page names an image briefly missing or still the old one.
    const pages = [...rendered];
    if (folders === "all") rendered.push(...(await time("images", () => shareImagesFor(pages))));
    const gone = [...knownPaths()].filter(
      (path) => !currentSet.has(path) && !live.get(path)?.gone && isEntryPage(path),
    );
    await time("save", () => live.save(rendered, gone, generation, { quick: folders !== "all" }));
    const report: PublishReport = {
      checked,
      rendered: [...done, ...rendered.map((page) => page.path)],
      gone,
      ms: Math.round(performance.now() - started),
      phases: Object.fromEntries(
        Object.entries(phases).map(([phase, ms]) => [phase, Math.round(ms)]),
      ),
    };
    last = report;
    if (report.rendered.length || report.gone.length)
      log.info({ ...report }, "site: pages rendered from published content");
    const images =
      folders === "all"
        ? null
        : async () => {
            const drawn = await shareImagesFor(pages);
            await live.save([...pages, ...drawn], [], generation);
          };
    return { report, images };
  }

  /**
   * The share image of each page rendered (ADR 015), made again when what its card shows
   * (the title, the studio's name, place and domain) is not what the image served shows: the
   * build's images show the build's titles and settings only, and a change of the settings
   * renders every page again.
   */
  async function shareImagesFor(pages: readonly RenderedPage[]): Promise<RenderedPage[]> {
    const images: RenderedPage[] = [];
    for (const page of pages) {
      if (!page.contentType.startsWith("text/html")) continue;
      const subject = sharePageOf(page.body.toString("utf8"));
      if (!subject) continue;
      const imagePath = shareImagePath(subject.path);
      const shown = shareCardFingerprint(subject);
      const served = live.get(imagePath);
      if (served && !served.gone && served.dataHash === shown) continue;
      if (!served && site.files.has(imagePath) && buildShown(subject.path) === shown) continue;
      if (images.some((image) => image.path === imagePath)) continue;
      images.push({
        path: imagePath,
        contentType: "image/png",
        body: await shareImagePng(subject),
        dataHash: shown,
        reads: [],
        scriptHashes: [],
      });
    }
    return images;
  }

  /**
   * What the build's own share image for `path` shows, as `shareCardFingerprint` puts it: the
   * build drew it with the built-in settings.
   */
  function buildShown(pagePath: string): string | undefined {
    const file = pagePath === "/" ? "/index.html" : `${pagePath}/index.html`;
    if (!site.files.has(file)) return undefined;
    const subject = sharePageOf(readFileSync(path.join(site.root, file), "utf8"));
    return subject ? shareCardFingerprint(subject, builtInSite) : undefined;
  }

  /**
   * What is served at a path: a page rendered since the build, else what the build's own page
   * was rendered from (its data's fingerprint and reads, taken at start without rendering it).
   */
  const baseline = new Map<string, { dataHash: string; reads: readonly string[] }>();
  const known = (path: string) => {
    const served = live.get(path);
    if (served) return served.gone ? undefined : served;
    return baseline.get(path);
  };

  /** Fingerprints the build's own pages, for a start whose content is what the build had. */
  async function takeBaseline() {
    const { source } = await sourceNow();
    for (const path of contentSitePaths((folder) => source.entries(folder), source.now())) {
      if (live.get(path) || path.endsWith(".xml")) continue;
      const check = await renderer.check(path, source);
      if (check) baseline.set(path, check);
    }
  }

  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };

  /**
   * The deferred half of a change's pass (its share images and smallest compression) runs in
   * a queue of its own: the next change's pass never waits behind it. Each save is guarded by
   * its generation, so a later pass's pages always win over an earlier pass's late resave.
   */
  let backgroundTail: Promise<unknown> = Promise.resolve();
  const background = (work: () => Promise<void>): Promise<void> => {
    const run = backgroundTail.then(work, work);
    backgroundTail = run.catch(() => undefined);
    return run;
  };

  /** A change's pass, then its share images, queued beside it and not waited for. */
  async function passThenImages(run: () => ReturnType<typeof pass>): Promise<PublishReport> {
    const { report, images } = await serial(run);
    if (images)
      background(images).catch((error: unknown) =>
        log.error({ err: error }, "site: drawing the share images of a change failed"),
      );
    return report;
  }

  return {
    changed: (folders, paths) => passThenImages(() => pass(folders, paths, true)),
    retime: (folders) => passThenImages(() => pass(folders)),
    lastReport: () => last,
    reconcile: async () => (await serial(() => pass("all"))).report,
    baseline: () => serial(takeBaseline),
    async claim(slot) {
      const result = await db
        .insertInto("render_claims")
        .values({ build_id: buildId, slot, claimed_at: options.clock().getTime() })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}
