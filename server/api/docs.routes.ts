import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { site } from "../../domain/site.ts";

/**
 * /api/docs: a readable reference for /api/openapi.json (Swagger UI, served from this server:
 * no CDN, no inline script, so the strict CSP holds), never indexed. Its files are named by
 * their content hash and cached for a year; each is compressed once, on first request.
 */

const swaggerDir = path.dirname(
  createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"),
);
const pageDir = path.join(import.meta.dirname, "docs-page");

type Asset = {
  readonly url: string;
  readonly type: string;
  readonly body: Buffer;
  compressed?: Promise<{ br: Buffer; gzip: Buffer }>;
};

const assetPrefix = "/api/docs/assets/";

function asset(file: string, type: string): Asset {
  const body = readFileSync(file);
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 10);
  const { name, ext } = path.parse(file);
  return { url: `${assetPrefix}${name}.${hash}${ext}`, type, body };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const compressedOf = (file: Asset) => {
  file.compressed ??= Promise.all([
    brotli(file.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipped(file.body, { level: 9 }),
  ]).then(([br, gz]) => ({ br, gzip: gz }));
  return file.compressed;
};

/** Swagger UI sets style attributes, so inline styles are allowed; scripts only from here. */
export const docsCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c,
  );

export async function docsRoutes(app: FastifyInstance, opts: { fontUrl?: string | null }) {
  const files = [
    asset(path.join(swaggerDir, "swagger-ui.css"), "text/css; charset=utf-8"),
    asset(path.join(pageDir, "theme.css"), "text/css; charset=utf-8"),
    asset(path.join(swaggerDir, "swagger-ui-bundle.js"), "text/javascript; charset=utf-8"),
    asset(path.join(pageDir, "init.js"), "text/javascript; charset=utf-8"),
  ];
  const byUrl = new Map(files.map((file) => [file.url, file]));
  const [uiCss, themeCss, uiJs, initJs] = files.map((file) => escapeHtml(file.url));
  const fontFace = opts.fontUrl
    ? `<link rel="preload" href="${escapeHtml(opts.fontUrl)}" as="font" type="font/woff2" crossorigin>`
    : "";
  const fontCss = opts.fontUrl
    ? `<style>@font-face{font-family:"Manrope";font-style:normal;font-display:swap;font-weight:200 800;src:url(${escapeHtml(opts.fontUrl)}) format("woff2")}</style>`
    : "";

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>API reference · ${escapeHtml(site.name)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${fontFace}${fontCss}
<link rel="stylesheet" href="${uiCss}">
<link rel="stylesheet" href="${themeCss}">
<link rel="preload" href="/api/openapi.json" as="fetch" crossorigin>
<script src="${uiJs}" defer></script>
<script src="${initJs}" defer></script>
</head>
<body>
<a class="skip" href="#reference">Skip to the reference</a>
<header class="masthead">
<div class="masthead-inner">
<p class="eyebrow">${escapeHtml(site.name)}</p>
<h1>API reference</h1>
<p class="lead">Every endpoint of the site's API, generated from the same schemas that check each request. Errors are always <code>{ "message": "…" }</code>.</p>
<ul class="links">
<li><a href="/api/openapi.json">OpenAPI 3.1 document (JSON)</a></li>
<li><a href="/">Back to the site</a></li>
</ul>
</div>
</header>
<div id="reference" tabindex="-1">
<noscript><main><p>The interactive reference needs JavaScript. The same content is in the <a href="/api/openapi.json">OpenAPI document</a>.</p></main></noscript>
</div>
</body>
</html>
`;

  const page = (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .header("Content-Security-Policy", docsCsp)
      .header("X-Robots-Tag", "noindex, nofollow")
      .send(html);
  // Hidden: a page for people, not an endpoint of the API it documents.
  app.get("/api/docs", { schema: { hide: true } }, page);
  app.get("/api/docs/", { schema: { hide: true } }, (_request, reply) =>
    reply.redirect("/api/docs", 301),
  );

  app.get<{ Params: { "*": string } }>(
    `${assetPrefix}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const file = byUrl.get(`${assetPrefix}${request.params["*"]}`);
      if (!file) return reply.callNotFound();
      reply
        .type(file.type)
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .header("X-Robots-Tag", "noindex, nofollow")
        .header("Vary", "Accept-Encoding");
      const accepts = String(request.headers["accept-encoding"] ?? "");
      if (/\bbr\b/.test(accepts)) {
        return reply.header("Content-Encoding", "br").send((await compressedOf(file)).br);
      }
      if (/\bgzip\b/.test(accepts)) {
        return reply.header("Content-Encoding", "gzip").send((await compressedOf(file)).gzip);
      }
      return reply.send(file.body);
    },
  );
}
