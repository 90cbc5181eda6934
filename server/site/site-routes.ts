import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  findRedirect,
  isClientRenderedPath,
  isInvitePath,
  isResetPasswordPath,
  normalizePath,
  unknownPathTarget,
} from "../../domain/routing.ts";
import { bookingManagePage, registrationManagePage } from "../../domain/site-paths.ts";
import { notFoundLimit } from "../http/rate-limit.ts";
import { pageCsp } from "../http/security-headers.ts";
import { type LivePages, sendLivePage } from "./live-pages.ts";
import { cacheControlFor, pageFileFor, type SiteFiles, spaFallbackFile } from "./static-site.ts";

/** Keeps the query string across a redirect, placed before any #fragment of the target. */
export function withQuery(target: string, search: string): string {
  if (!search) return target;
  const hash = target.indexOf("#");
  return hash === -1
    ? `${target}${search}`
    : `${target.slice(0, hash)}${search}${target.slice(hash)}`;
}

/**
 * Serves the built site: files, prerendered pages, the SPA fallback for client-rendered
 * screens, and the fixed redirects (docs/product.md, "Redirects"), all from one GET/HEAD
 * catch-all. /api/* never reaches here as a page: unknown API paths get the JSON 404.
 */
export async function siteRoutes(
  app: FastifyInstance,
  opts: {
    site: SiteFiles;
    upgradeInsecure: boolean;
    /** Pages rendered since the build, served before the build's own (docs/decisions/033). */
    live?: LivePages | undefined;
    /** Where a renamed entry's old address now lives. */
    contentRedirect?: ((path: string) => Promise<string | null>) | undefined;
  },
) {
  const { site, upgradeInsecure, live } = opts;
  await app.register(fastifyStatic, {
    root: site.root,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: "ignore",
  });

  // Feed readers recognise a feed by its own media type, which the .xml extension alone does not
  // give. Set on send because the precompressed path picks the type from the file name.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.split("?")[0]?.endsWith("/rss.xml") && reply.statusCode === 200) {
      reply.header("Content-Type", "application/rss+xml; charset=utf-8");
    }
  });

  const sendFile = (reply: FastifyReply, file: string) => {
    reply.header("Cache-Control", cacheControlFor(file));
    const hashes = site.scriptHashes.get(file);
    if (hashes) reply.header("Content-Security-Policy", pageCsp(hashes, { upgradeInsecure }));
    return reply.sendFile(file.slice(1));
  };

  // Unknown page paths count against the same allowance as unknown API paths (60 a minute):
  // a browser never needs more, a scanner walking a wordlist does. Absent with RATE_LIMIT=off.
  const limitUnknown = app.hasDecorator("rateLimit") ? app.rateLimit(notFoundLimit) : null;

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, "http://internal");
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return reply.code(400).send({ message: "Malformed URL." });
    }
    if (pathname === "/api" || pathname.startsWith("/api/")) return reply.callNotFound();

    const clean = normalizePath(pathname);
    const livePage = live?.get(clean);
    if (livePage && !livePage.gone) {
      if (clean !== pathname) return reply.redirect(withQuery(clean, url.search), 301);
      return sendLivePage(request, reply, livePage, { upgradeInsecure });
    }

    if (site.files.has(pathname) && !pathname.endsWith(".html") && !livePage)
      return sendFile(reply, pathname);

    // A booking's manage link, a registration's link: one page for every token. Its address
    // is a key to the booking or the seats, so it is never indexed, and no link on it sends
    // the address on as a Referer.
    const manage = [bookingManagePage, registrationManagePage].find((p) => p.matches(clean));
    const managePage = manage ? pageFileFor(site, manage.template) : null;
    if (managePage) {
      reply.header("X-Robots-Tag", "noindex, nofollow");
      reply.header("Referrer-Policy", "no-referrer");
      return sendFile(reply, managePage);
    }
    const page = livePage ? null : pageFileFor(site, clean);
    if (page) {
      // One URL per page: "/about/" → "/about".
      if (clean !== pathname) return reply.redirect(withQuery(clean, url.search), 301);
      // The account screens are prerendered too (their title and heading), never indexed.
      if (isClientRenderedPath(clean)) reply.header("X-Robots-Tag", "noindex, nofollow");
      return sendFile(reply, page);
    }

    const redirect = findRedirect(clean) ?? (await opts.contentRedirect?.(clean)) ?? null;
    if (redirect) return reply.redirect(withQuery(redirect, url.search), 301);

    if (isClientRenderedPath(clean)) {
      reply.header("X-Robots-Tag", "noindex, nofollow");
      // An invitation's or a reset link's address is a key to an account: never sent on as a
      // Referer.
      if (isInvitePath(clean) || isResetPasswordPath(clean))
        reply.header("Referrer-Policy", "no-referrer");
      return sendFile(reply, spaFallbackFile);
    }

    // A path with an extension is a file request: a missing asset is a plain 404, never the home page.
    if (/\.[a-z0-9]+$/i.test(clean) || clean.startsWith("/assets/")) return reply.callNotFound();

    // "Any other path" (docs/product.md, "Redirects"). Temporary, so a page added later is not
    // shadowed by browser caches.
    await limitUnknown?.call(app, request, reply);
    if (reply.sent) return reply;
    return reply.redirect(unknownPathTarget, 302);
  };

  app.route({ method: ["GET", "HEAD"], url: "/*", handler });
  app.route({ method: ["GET", "HEAD"], url: "/", handler });
}
