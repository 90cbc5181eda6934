import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScript } from "./test-support/fake-build.ts";
import { buildTestApp } from "./test-support/test-app.ts";

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });

describe("pages", () => {
  it("serves prerendered pages at clean URLs, revalidated on each visit", async () => {
    for (const [url, title] of [
      ["/", "Home"],
      ["/home", "Home alias"],
      ["/about", "About"],
      ["/secret/blog/blog/the-5-Ds", "The 5 Ds"],
    ]) {
      const res = await get(url ?? "");
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toContain(`<h1>${title}</h1>`);
      expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      expect(res.headers.etag).toBeTruthy();
    }
  });

  it("redirects a trailing slash to the one canonical URL, keeping the query", async () => {
    const res = await get("/about/?ref=nav");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/about?ref=nav");
  });

  it("answers a conditional request with 304", async () => {
    const first = await get("/about");
    const second = await get("/about", { "if-none-match": String(first.headers.etag) });
    expect(second.statusCode).toBe(304);
  });

  it("allows exactly the page's own inline scripts in its CSP", async () => {
    const res = await get("/about");
    const hash = createHash("sha256").update(inlineScript).digest("base64");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline' 'sha256"); // scripts never fall back to unsafe-inline
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp.match(/sha256-/g)).toHaveLength(1); // the JSON-LD data block needs no hash
  });

  it("sends baseline security headers", async () => {
    const res = await get("/");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
  });
});

describe("compression and caching of files", () => {
  it("serves hashed assets precompressed and immutable for a year", async () => {
    for (const [encoding, expected] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const res = await get("/assets/root-AbC123.js", { "accept-encoding": encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(expected);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    const plain = await get("/assets/root-AbC123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("console.log");
  });

  it("serves HTML precompressed too", async () => {
    const res = await get("/", { "accept-encoding": "br" });
    expect(res.headers["content-encoding"]).toBe("br");
  });

  it("caches un-hashed public files for a day and route data not at all", async () => {
    expect((await get("/logos/longue-vue.svg")).headers["cache-control"]).toBe(
      "public, max-age=86400",
    );
    expect((await get("/about.data")).headers["cache-control"]).toBe(
      "public, max-age=0, must-revalidate",
    );
    expect((await get("/sitemap.xml")).headers["cache-control"]).toBe(
      "public, max-age=0, must-revalidate",
    );
  });

  it("serves the blog feed as RSS", async () => {
    for (const encoding of ["", "br"]) {
      const res = await get(
        "/secret/blog/rss.xml",
        encoding ? { "accept-encoding": encoding } : {},
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    }
  });

  it("answers a missing asset with 404, not the home page", async () => {
    for (const url of [
      "/assets/gone-123.js",
      "/logos/nope.svg",
      "/favicon.ico",
      "/assets/nothing",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("never serves a file outside the build, however the path is spelled", async () => {
    for (const url of [
      "/../package.json",
      "/assets/../../package.json",
      "/%2e%2e/package.json",
      "/assets/%2e%2e/%2e%2e/package.json",
      "/assets/..%2f..%2fpackage.json",
      "/assets/%2e%2e%2f%2e%2e%2fserver%2fapp.ts",
      "/..%5c..%5cpackage.json",
      "/api/docs/assets/..%2f..%2f..%2fpackage.json",
      "/%00/package.json",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).not.toBe(200);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('"name": "fineline-studio"');
    }
  });

  it("never serves the precompressed twins or dotfiles by name as pages", async () => {
    expect((await get("/index.html.br")).statusCode).toBe(404);
    expect((await get("/.env")).statusCode).toBe(404);
  });
});

describe("client-rendered screens (SPA fallback)", () => {
  it.each([
    "/login",
    "/signup",
    "/logout",
    "/access-denied",
    "/admin",
    "/admin/leads",
    "/admin/anything/deeper",
  ])("serves %s from the SPA fallback, marked noindex", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<h1>App</h1>");
    expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(res.headers["content-security-policy"]).toContain("sha256-");
  });

  it.each(["/forgot-password", "/reset-password/aBc-123_xyzAbc-123_xyzAbc-123_xyzAbc-123_x"])(
    "serves %s too, and a reset link's page sends no Referer",
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<h1>App</h1>");
      expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
      if (url.startsWith("/reset-password/"))
        expect(res.headers["referrer-policy"]).toBe("no-referrer");
    },
  );
});

describe('redirects (docs/product.md, "Redirects")', () => {
  it.each([
    ["/guides/wordpress", "/guides#wordpress"],
    ["/blog", "/secret/blog"],
    ["/secret/blog/building", "/secret/blog#building"],
    ["/canvases", "/previous-work"],
    ["/canvases/story-circle", "/previous-work"],
  ])("%s → %s, permanently", async (from, to) => {
    const res = await get(from);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it("keeps the query string, before the fragment", async () => {
    const res = await get("/guides/wordpress?utm_source=mail");
    expect(res.headers.location).toBe("/guides?utm_source=mail#wordpress");
  });

  it.each(["/nope", "/canvases/other", "/secret", "/about/team/x", "/HOME"])(
    "sends unknown page %s home",
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/");
    },
  );

  it("answers HEAD like GET", async () => {
    expect((await app.inject({ method: "HEAD", url: "/blog" })).statusCode).toBe(301);
    expect((await app.inject({ method: "HEAD", url: "/about" })).statusCode).toBe(200);
  });
});

describe("API and health", () => {
  it("answers unknown /api paths with a JSON 404 for any method", async () => {
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["GET", "/api"],
      ["POST", "/api/leads/nope"],
      ["DELETE", "/api/x"],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: "Not found." });
    }
  });

  it("reports health without caching", async () => {
    const res = await get("/healthz");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers a malformed URL with 400, not 500", async () => {
    const res = await get("/%E0%A4%A");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty("message");
  });
});
