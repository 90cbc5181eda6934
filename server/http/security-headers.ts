import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * Content-Security-Policy. Pages allow only their own inline scripts, by hash (computed
 * from the built HTML at start-up), plus scripts from this origin. Inline style
 * attributes are allowed: React sets a few and they cannot run code.
 */
export function pageCsp(
  scriptHashes: readonly string[],
  {
    upgradeInsecure,
    framedBySelf = false,
  }: {
    upgradeInsecure: boolean;
    /** A draft's preview, which the studio shows in a frame of its own (never another site's). */
    framedBySelf?: boolean;
  },
): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    framedBySelf ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
  ];
  if (upgradeInsecure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** For JSON, feeds and files: nothing may run or embed. */
export const resourceCsp = "default-src 'none'; frame-ancestors 'none'";

/**
 * Helmet's baseline for every answer, the request's id as X-Request-Id, and the strict CSP
 * for anything that did not set its own (pages set theirs, by hash: site-routes.ts). HSTS only
 * when the site is served over https.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { upgradeInsecure }: { upgradeInsecure: boolean },
) {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: upgradeInsecure
      ? { maxAge: 31536000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
    if (!reply.hasHeader("Content-Security-Policy"))
      reply.header("Content-Security-Policy", resourceCsp);
  });
}
