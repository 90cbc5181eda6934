import { expect, test } from "@playwright/test";
import { privateRoutes, publicRoutes } from "./public-routes.ts";
import { siteOrigin as origin } from "./server.ts";

function jsonLdTypes(html: string): string[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => (JSON.parse(m[1] ?? "{}") as { "@type": string })["@type"],
  );
}

test("sitemap.xml lists every indexable public page and nothing private", async ({ request }) => {
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/xml/);
  const xml = await res.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const expected = publicRoutes.map((r) => r.path).filter((p) => p !== "/home" && p !== "/test");
  expect(locs.sort()).toEqual(expected.map((p) => `${origin}${p}`).sort());
  for (const path of privateRoutes) expect(xml).not.toContain(`${origin}${path}<`);
});

test("robots.txt names the sitemap", async ({ request }) => {
  const body = await (await request.get("/robots.txt")).text();
  expect(body).toContain(`Sitemap: ${origin}/sitemap.xml`);
  expect(body).toContain("Disallow: /admin");
});

test("the blog has an RSS feed with every post, linked from its pages", async ({
  request,
  page,
}) => {
  const res = await request.get("/secret/blog/rss.xml");
  expect(res.headers()["content-type"]).toMatch(/rss\+xml/);
  const xml = await res.text();
  for (const slug of ["bitdrift", "caliban", "the-5-Ds", "to-rosa"]) {
    expect(xml).toContain(`<link>${origin}/secret/blog/blog/${slug}</link>`);
  }
  // A feed reader reads the posts away from the site: no link or image in them is
  // root-relative.
  expect(xml).not.toMatch(/\s(?:href|src)="\/(?!\/)/);
  for (const path of ["/secret/blog", "/secret/blog/blog/caliban"]) {
    await page.goto(path);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      "/secret/blog/rss.xml",
    );
  }
});

test("JSON-LD: Organization at home, Article on posts and guides, Event on events, breadcrumbs on nested pages", async ({
  request,
}) => {
  const types = async (path: string) => jsonLdTypes(await (await request.get(path)).text());
  expect(await types("/")).toContain("Organization");
  expect(await types("/secret/blog/blog/bitdrift")).toEqual(
    expect.arrayContaining(["BlogPosting", "BreadcrumbList"]),
  );
  expect(await types("/guides/wordpress/intro")).toEqual(
    expect.arrayContaining(["TechArticle", "BreadcrumbList"]),
  );
  expect(await types("/previous-work/longue-vue")).toContain("BreadcrumbList");
  const eventTypes = await types("/events");
  expect(eventTypes.filter((t) => t === "Event").length).toBeGreaterThanOrEqual(3);
  // The fields search engines recommend: who performs an event, where an author is introduced.
  const blocks = async (path: string) =>
    [
      ...(await (await request.get(path)).text()).matchAll(
        /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g,
      ),
    ].map((m) => JSON.parse(m[1] ?? "{}") as Record<string, unknown>);
  const event = (await blocks("/events/seo-for-shopkeepers")).find((b) => b["@type"] === "Event");
  expect(event?.performer).toMatchObject({ "@type": "Organization", url: `${origin}/about` });
  const post = (await blocks("/secret/blog/blog/bitdrift")).find(
    (b) => b["@type"] === "BlogPosting",
  );
  expect(post?.author).toMatchObject({ url: `${origin}/about` });
});

test("/home names / as canonical and /test stays out of the index", async ({ request }) => {
  expect(await (await request.get("/home")).text()).toMatch(
    new RegExp(`<link rel="canonical" href="${origin}/"\\s*/?>`),
  );
  expect(await (await request.get("/test")).text()).toMatch(/<meta name="robots" content="noindex/);
});
