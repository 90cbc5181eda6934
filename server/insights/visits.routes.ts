import type { FastifyInstance, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import * as z from "zod/mini";
import { todayIn } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { leadSourceOf } from "../../domain/lead-source.ts";
import { visitBeacon } from "../../domain/visit-beacon.ts";
import { countedPath, uncountedPaths } from "../../domain/visits.ts";
import { typed } from "../api/contracts.ts";
import { limitPerWindow } from "../http/rate-limit.ts";
import { createVisitWriter, retryWhenLost } from "./visit-writer.ts";
import { visitKey, visitorHash } from "./visits.repository.ts";

/** Whoever asked not to be tracked (Global Privacy Control, Do Not Track), or a bot. */
function notToCount(request: FastifyRequest): boolean {
  const userAgent = request.headers["user-agent"] ?? "";
  return (
    request.headers["sec-gpc"] === "1" ||
    request.headers.dnt === "1" ||
    !userAgent ||
    isbot(userAgent)
  );
}

/**
 * `POST /api/visits`: a public page's beacon, counted without a cookie or any stored
 * identifier (ADR 025). The visitor of a day is a hash of the client's address (through
 * TRUST_PROXY, as for rate limits) and user agent under that day's secret; neither is kept.
 * 204, counted or not: a page learns nothing from the answer. A connection lost under the
 * write is replaced and the write tried again; only a database that does not answer at all
 * makes it 503 (docs/insights.md).
 */
export async function visitsRoutes(
  app: FastifyInstance,
  opts: { isPage: (path: string) => boolean },
) {
  const { db, clock } = app;
  const { timeZone, siteUrl } = app.config;
  const writer = createVisitWriter(db);
  const ownHosts = [new URL(siteUrl).hostname];
  const keys = new Map<string, Promise<string>>();
  const keyFor = (day: string) => {
    let key = keys.get(day);
    if (!key) {
      key = retryWhenLost(() => visitKey(db, day));
      // One day's key at a time: yesterday's goes from memory as it goes from the database.
      keys.clear();
      keys.set(day, key);
      key.catch(() => keys.delete(day));
    }
    return key;
  };
  // sendBeacon sends text/plain, a Blob's own type, or a form: every body is read as text here
  // and checked with the shared schema below.
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) =>
    done(null, body),
  );

  typed(app).route({
    ...endpoints.visits,
    // Limited against floods, but whoever is not counted is not counted here either: their
    // beacon touches no limit (/privacy, "If your browser sends Global Privacy Control").
    config: {
      rateLimit: {
        ...limitPerWindow(240, 60_000, { failOpen: true }).rateLimit,
        allowList: (request: FastifyRequest) => notToCount(request),
      },
    },
    handler: async (request, reply) => {
      if (notToCount(request)) return reply.code(204).send(null);
      let parsed: unknown;
      try {
        parsed = typeof request.body === "string" ? JSON.parse(request.body) : request.body;
      } catch {
        return reply.code(400).send({ message: "Send the visit as JSON." });
      }
      const beacon = z.safeParse(visitBeacon, parsed);
      if (!beacon.success)
        return reply.code(400).send({ message: "That is not a page of this site." });
      const path = countedPath(beacon.data.path);
      if (uncountedPaths.test(path) || !opts.isPage(beacon.data.path))
        return reply.code(204).send(null);
      const now = clock();
      const day = todayIn(timeZone, now);
      const secret = await keyFor(day);
      await writer.count({
        day,
        visitor: visitorHash(secret, request.ip, request.headers["user-agent"] ?? ""),
        path,
        source: leadSourceOf(
          {
            referrer: beacon.data.referrer,
            utmSource: beacon.data.utm_source,
            utmMedium: beacon.data.utm_medium,
            utmCampaign: beacon.data.utm_campaign,
          },
          [...ownHosts, request.hostname],
        ).source,
        at: now,
      });
      return reply.code(204).send(null);
    },
  });
}
