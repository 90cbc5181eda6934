import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareImagePath } from "../../domain/share-image.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { defaultContentDir } from "../content/import.ts";
import { type TestDatabase, testEngines } from "../test-support/databases.ts";
import { makeRealBuild } from "../test-support/real-build.ts";
import { signedInUser, testSecret } from "../test-support/tokens.ts";
import { inlineScriptHashes } from "./static-site.ts";

/**
 * Content published in the studio goes live without a build, on every instance
 * (docs/decisions/033): two app instances on one database and one real build; a post
 * published through one is served by both, with its own CSP and share image, in the feed and
 * the sitemap; renamed, its old address redirects; unpublished, it leaves the site; and an
 * event that ends while the server runs moves to past and stops taking registrations.
 */
let buildDir = "";
beforeAll(() => {
  buildDir = makeRealBuild();
}, 240_000);

const post = {
  type: "post",
  slug: "publishing-without-a-build",
  title: "Publishing without a build",
  description:
    "How a small studio's journal goes live in seconds: the page is rendered when it is published.",
  date: "2026-11-20",
  author: "Maya Okafor",
  section: "building",
  tags: ["publishing"],
  body: "A post written in the studio.\n\nIt is live <script>alert(1)</script> in seconds.\n",
};

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 5000) {
  const started = Date.now();
  let value = await read();
  while (!ok(value) && Date.now() - started < ms) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return { value, ms: Date.now() - started };
}

for (const engine of testEngines) {
  describe(`content published on ${engine.name}`, { timeout: 120_000 }, () => {
    let database: TestDatabase;
    let now = Date.parse("2026-11-28T12:00:00Z");
    const apps: FastifyInstance[] = [];
    let headers: Record<string, string> = {};

    beforeAll(async () => {
      database = await engine.open();
      for (const name of ["a", "b"]) {
        const config = loadConfig(
          {
            LOG_LEVEL: "silent",
            JWT_SECRET: testSecret,
            DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), "fineline-live-")), name),
          },
          { buildDir },
        );
        apps.push(
          await buildApp(config, {
            database: name === "a" ? database : database.sibling(),
            // The first instance imports content/ as a fresh install does.
            contentDir: name === "a" ? defaultContentDir : null,
            now: () => new Date(now),
            liveSite: { pollMs: 200, tickMs: 500 },
          }),
        );
      }
      headers = { "x-access-token": (await signedInUser(database.db, "admin")).accessToken };
    }, 120_000);
    afterAll(async () => {
      for (const app of apps) await app.close();
      await database?.close();
    });

    const get = (app: FastifyInstance, url: string) =>
      app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });

    it("serves a published post on both instances, in the feed and the sitemap", async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const created = await a.inject({
        method: "POST",
        url: "/api/content",
        headers,
        payload: post,
      });
      expect(created.statusCode, created.body).toBe(201);
      const { entry } = created.json();
      expect(entry.status).toBe("draft");
      const pagePath = `/secret/blog/blog/${post.slug}`;
      // A draft is no page.
      expect((await get(a, pagePath)).statusCode).toBe(302);

      // A draft, shown through the production renderer to whoever has the link.
      const link = await a.inject({
        method: "POST",
        url: `/api/content/${entry.id}/preview-links`,
        headers,
      });
      expect(link.statusCode, link.body).toBe(201);
      const preview = await get(b, link.json().url);
      expect(preview.statusCode).toBe(200);
      expect(preview.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(preview.headers["cache-control"]).toBe("no-store");
      // The studio shows it in a frame of its own; no other site may.
      expect(String(preview.headers["content-security-policy"])).toContain(
        "frame-ancestors 'self'",
      );
      expect(preview.body).toContain("Publishing without a build");
      for (const hash of inlineScriptHashes(preview.body))
        expect(String(preview.headers["content-security-policy"])).toContain(hash);
      // Previewing stores nothing: the draft is still no page.
      expect((await get(b, pagePath)).statusCode).toBe(302);
      await a.inject({
        method: "DELETE",
        url: `/api/content/${entry.id}/preview-links/${link.json().id}`,
        headers,
      });
      expect((await get(b, link.json().url)).statusCode).toBe(404);
      expect((await get(b, "/preview/not-a-token")).statusCode).toBe(404);

      const published = await a.inject({
        method: "POST",
        url: `/api/content/${entry.id}/publish`,
        headers,
        payload: {},
      });
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json().url).toBe(pagePath);
      // Only what the post touched was rendered: the start took in the build's own pages
      // without rendering them, and another post beyond its reach, or a page without posts,
      // is not rendered again.
      const report = a.liveSite?.publisher.lastReport();
      expect(report?.rendered).toEqual(
        expect.arrayContaining([pagePath, "/secret/blog", "/secret/blog/blog/to-rosa"]),
      );
      for (const untouched of ["/about", "/events", "/", "/secret/blog/blog/bitdrift"])
        expect(report?.rendered).not.toContain(untouched);
      // And nothing else was rendered since the start: the build's pages still serve.
      // (Its share image is drawn after the answer, in a queue beside the passes.)
      expect(
        [...(a.liveSite?.live.all() ?? [])]
          .map((page) => page.path)
          .filter((path) => !path.startsWith("/og/"))
          .sort(),
      ).toEqual([...(report?.rendered ?? [])].sort());
      // Live on the instance that published it as soon as it answers.
      const page = await get(a, pagePath);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Publishing without a build");
      // The body's script is text, never markup (nor hashed into the page's CSP).
      expect(page.body).not.toContain("<script>alert(1)</script>");
      expect(page.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      const csp = String(page.headers["content-security-policy"]);
      for (const hash of inlineScriptHashes(page.body)) expect(csp).toContain(hash);
      // And on the other within 5 s.
      const other = await eventually(
        () => get(b, pagePath),
        (response) => response.statusCode === 200,
      );
      expect(other.value.body).toBe(page.body);
      expect(other.ms).toBeLessThan(5000);
      // Every page the post touched, there too within 5 s.
      for (const [url, text] of [
        ["/secret/blog/rss.xml", pagePath],
        ["/sitemap.xml", pagePath],
        ["/secret/blog", "Publishing without a build"],
        // Its neighbour names it under "More from the journal".
        ["/secret/blog/blog/to-rosa", pagePath],
      ] as const) {
        const touched = await eventually(
          () => get(b, url),
          (response) => response.body.includes(text),
        );
        expect(touched.value.body, url).toContain(text);
      }
      const image = (
        await eventually(
          () => get(b, `/og/secret_blog_blog_${post.slug}.png`),
          (response) => response.statusCode === 200,
        )
      ).value;
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/png");
    });

    it("keeps a renamed post's old address as a redirect, and takes an unpublished one off", async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const list = await a.inject({ method: "GET", url: "/api/content?type=post", headers });
      const entry = list.json().entries.find((e: { slug: string }) => e.slug === post.slug);
      const read = (
        await a.inject({ method: "GET", url: `/api/content/${entry.id}`, headers })
      ).json().entry;
      const renamed = await a.inject({
        method: "PUT",
        url: `/api/content/${entry.id}`,
        headers,
        payload: { ...post, slug: "live-in-seconds", version: read.version },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      await a.inject({
        method: "POST",
        url: `/api/content/${entry.id}/publish`,
        headers,
        payload: {},
      });
      const moved = await eventually(
        () => get(b, `/secret/blog/blog/${post.slug}`),
        (response) => response.statusCode === 301,
      );
      expect(moved.value.headers.location).toBe("/secret/blog/blog/live-in-seconds");
      const arrived = await eventually(
        () => get(b, "/secret/blog/blog/live-in-seconds"),
        (response) => response.statusCode === 200,
      );
      expect(arrived.value.statusCode).toBe(200);

      await a.inject({
        method: "POST",
        url: `/api/content/${entry.id}/unpublish`,
        headers,
        payload: {},
      });
      const gone = await eventually(
        () => get(b, "/secret/blog/blog/live-in-seconds"),
        (response) => response.statusCode !== 200,
      );
      expect(gone.value.statusCode).toBe(302);
      expect((await get(b, "/secret/blog/rss.xml")).body).not.toContain("live-in-seconds");
    });

    it("moves an event that ends while the server runs to past, and closes it", async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const start = new Date(now + 60_000).toISOString().replace(".000Z", "Z");
      const end = new Date(now + 120_000).toISOString().replace(".000Z", "Z");
      const created = await a.inject({
        method: "POST",
        url: "/api/content",
        headers,
        payload: {
          type: "event",
          slug: "an-hour-of-questions",
          title: "An hour of questions",
          description:
            "Bring your website questions to the studio: an hour of plain answers, free for owners.",
          start,
          end,
          format: "online",
          onlineNote: "The link comes with your confirmation.",
          price: "Free",
          capacity: 20,
          announced: "2026-11-01",
          body: "An hour of plain answers.\n",
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { entry } = created.json();
      await a.inject({
        method: "POST",
        url: `/api/content/${entry.id}/publish`,
        headers,
        payload: {},
      });
      const register = () =>
        b.inject({
          method: "POST",
          url: "/api/events/an-hour-of-questions/registrations",
          payload: { email: "guest@example.com", firstName: "Ada", lastName: "Guest", seats: 1 },
        });
      // Published on one instance, it takes registrations on the other.
      const open = await eventually(register, (response) => response.statusCode === 201);
      expect(open.value.statusCode, open.value.body).toBe(201);

      now += 180_000;
      const past = await eventually(
        () => get(b, "/events/an-hour-of-questions"),
        (response) => /took place/i.test(response.body),
      );
      expect(past.value.body).toMatch(/took place/i);
      const closed = await register();
      expect(closed.statusCode).toBe(404);
      expect(closed.json().message).toBe("Registration for this event has closed.");
    });

    it("renders every page with the owner's settings, hours and people, on both instances", async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const read = await a.inject({ method: "GET", url: "/api/site-settings", headers });
      const { settings, version } = read.json();
      const shareImage = async () => (await get(b, shareImagePath("/about"))).rawPayload;
      const imageBefore = await shareImage();
      const saved = await a.inject({
        method: "PUT",
        url: "/api/site-settings",
        headers,
        payload: {
          version,
          settings: {
            ...settings,
            studioName: "Lowcountry Web Works",
            locality: "Charleston",
            region: "South Carolina",
            phone: "",
            homeHeadline: "Sites for the shops on King Street.",
            // Every testimonial shipped is sample copy: none shows any more.
            showSampleTestimonials: false,
          },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const hours = await a.inject({ method: "GET", url: "/api/booking/availability", headers });
      const week = hours.json() as { weeklyHours: Record<string, unknown> };
      const saturdays = await a.inject({
        method: "PUT",
        url: "/api/booking/availability",
        headers,
        payload: {
          ...week,
          weeklyHours: {
            ...week.weeklyHours,
            saturday: [{ start: "10:00", end: "14:00" }],
          },
        },
      });
      expect(saturdays.statusCode, saturdays.body).toBe(200);
      const person = await a.inject({
        method: "POST",
        url: "/api/content",
        headers,
        payload: {
          type: "person",
          slug: "ines-carvalho",
          name: "Inês Carvalho",
          role: "Designer",
          bio: "Draws the pictures on these pages and the interfaces behind them.",
          order: 9,
          body: "",
        },
      });
      expect(person.statusCode, person.body).toBe(201);
      const published = await a.inject({
        method: "POST",
        url: `/api/content/${person.json().entry.id}/publish`,
        headers,
        payload: {},
      });
      expect(published.statusCode, published.body).toBe(200);

      // Every page names the new town; the home page says the new hours, no phone number.
      const home = await eventually(
        () => get(b, "/"),
        (response) => response.body.includes("Saturday, 10:00 AM to 2:00 PM"),
        90_000,
      );
      expect(home.value.body).toContain("Sites for the shops on King Street.");
      expect(home.value.body).toContain("Charleston, South Carolina");
      expect(home.value.body).not.toContain("Savannah");
      expect(home.value.body).not.toContain("tel:");
      expect(home.value.body).not.toContain('id="voices-title"');
      // The person's publish answered once A served it; B has it within its poll.
      const about = (
        await eventually(
          () => get(b, "/about"),
          (response) => response.body.includes("Inês Carvalho"),
        )
      ).value.body;
      expect(about).toContain("five people in Charleston, South Carolina");
      expect(about).toContain("Inês Carvalho");
      const guide = (await get(b, "/guides/wordpress/intro")).body;
      expect(guide).toContain("Charleston, South Carolina");
      // The new name is on the pages, and on their share images once drawn again.
      expect(about).toContain('<meta property="og:site_name" content="Lowcountry Web Works">');
      const image = await eventually(shareImage, (bytes) => !bytes.equals(imageBefore), 60_000);
      expect(image.value.equals(imageBefore)).toBe(false);
    });
  });
}
