import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { contentTexts } from "../../domain/content-entry.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { uuidPattern } from "../../domain/lead-record.ts";
import { mediaIdsIn } from "../../domain/media.ts";
import { type SiteSettingsData, siteSettingsSchema } from "../../domain/site-settings.ts";
import { typed } from "../api/contracts.ts";
import { actorOf } from "../auth/guards.ts";
import { mediaImages } from "../media/media-library.ts";
import { announce, entryReader, parsePublishAt, problemsOf } from "./content-answers.ts";
import { publicPathOf } from "./content-rows.ts";
import {
  createPreviewLink,
  livePreviewLinks,
  revokePreviewLink,
} from "./preview-links.repository.ts";
import { liveElsewhere, publishNow, schedulePublish, unpublish } from "./publishing.ts";
import { loadSiteSettings, saveSiteSettings } from "./site-settings.repository.ts";

const notFound = { message: contentTexts.notFound };

/**
 * Publishing (now or scheduled), unpublishing, preview links and the site settings, in the
 * admin scope (admin-routes.ts). Every change to the live site reaches the renderer's hook
 * (app.contentChanged) after its commit and before the answer.
 */
/**
 * Why an entry's pictures keep it from going live, or null: every picture it names must be in
 * the media library and say what it shows (alt text), for readers who cannot see it.
 */
async function picturesProblem(
  db: FastifyInstance["db"],
  entry: { data: Record<string, unknown>; body: string },
): Promise<string | null> {
  const ids = mediaIdsIn(`${JSON.stringify(entry.data)}\n${entry.body}`);
  if (ids.length === 0) return null;
  const pictures = await mediaImages(db, ids);
  const missing = ids.filter((id) => !pictures.has(id));
  if (missing.length > 0) return contentTexts.pictureMissing(missing.length);
  const silent = [...pictures.values()].filter((picture) => !picture.alt.trim());
  return silent.length > 0 ? contentTexts.altMissing(silent.length) : null;
}

export async function publishingRoutes(app: FastifyInstance) {
  const api = typed(app);
  const { db } = app;
  const { find: entryOrNothing, answer } = entryReader(db);

  api.route({
    ...endpoints.publishContent,
    handler: async (request, reply) => {
      const found = await entryOrNothing(request.params.id);
      if (!found) return reply.code(404).send(notFound);
      const now = app.clock();
      const { at } = request.body;
      const when = at === undefined ? now : parsePublishAt(at);
      if (!when) return reply.code(400).send(problemsOf("at", contentTexts.publishAt));
      if (found.type !== "person" && !found.body.trim())
        return reply.code(400).send(problemsOf("body", contentTexts.publishEmpty));
      const pictures = await picturesProblem(db, found);
      if (pictures) return reply.code(400).send(problemsOf("body", pictures));
      const url = publicPathOf(found.type, found.slug);
      if (when > now) {
        // Said now rather than when the time comes, when nobody is looking (the job can only log it).
        if (await liveElsewhere(db, found.type, found.slug, found.id))
          return reply.code(409).send({ message: contentTexts.pathTaken });
        await schedulePublish(db, found.id, when);
        const entry = await answer(found.id);
        if (!entry) return reply.code(404).send(notFound);
        return { entry, url };
      }
      const outcome = await publishNow(db, found.id, actorOf(request).id, now, {
        onLive: app.liveTransition,
      });
      if (outcome === "not-found") return reply.code(404).send(notFound);
      if (outcome === "path-taken")
        return reply.code(409).send({ message: contentTexts.pathTaken });
      if (outcome === "busy") return reply.code(409).send({ message: contentTexts.publishBusy });
      await announce(app, request.log, outcome.change);
      const entry = await answer(found.id);
      if (!entry) return reply.code(404).send(notFound);
      return {
        entry,
        url: outcome.entry.published ? publicPathOf(found.type, outcome.entry.published.slug) : url,
      };
    },
  });

  api.route({
    ...endpoints.unpublishContent,
    handler: async (request, reply) => {
      const found = await entryOrNothing(request.params.id);
      if (!found) return reply.code(404).send(notFound);
      const outcome = await unpublish(db, found.id, {
        now: app.clock(),
        onLive: app.liveTransition,
      });
      if (outcome === "not-found") return reply.code(404).send(notFound);
      await announce(app, request.log, outcome.change);
      const entry = await answer(found.id);
      if (!entry) return reply.code(404).send(notFound);
      return { entry };
    },
  });

  api.route({
    ...endpoints.createPreviewLink,
    handler: async (request, reply) => {
      const found = await entryOrNothing(request.params.id);
      if (!found) return reply.code(404).send(notFound);
      const link = await createPreviewLink(db, found.id, actorOf(request).id, app.clock());
      return reply
        .code(201)
        .send({ id: link.id, url: `/preview/${link.token}`, expiresAt: link.expiresAt });
    },
  });

  api.route({
    ...endpoints.previewLinks,
    handler: async (request, reply) => {
      const found = await entryOrNothing(request.params.id);
      if (!found) return reply.code(404).send(notFound);
      return { links: await livePreviewLinks(db, found.id, app.clock()) };
    },
  });

  api.route({
    ...endpoints.revokePreviewLink,
    handler: async (request, reply) => {
      const found = await entryOrNothing(request.params.id);
      const { linkId } = request.params;
      const revoked =
        found &&
        uuidPattern.test(linkId) &&
        (await revokePreviewLink(db, found.id, linkId.toLowerCase(), app.clock()));
      if (!revoked) return reply.code(404).send({ message: contentTexts.linkNotFound });
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...endpoints.siteSettings,
    handler: async () => {
      const { settings, version } = await loadSiteSettings(db);
      return { settings, version };
    },
  });

  api.route({
    ...endpoints.saveSiteSettings,
    handler: async (request, reply) => {
      const parsed = z.safeParse(siteSettingsSchema, request.body.settings);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues)
          fields[issue.path.join(".") || "(settings)"] ??= issue.message;
        const message = parsed.error.issues[0]?.message ?? contentTexts.invalidFields;
        return reply.code(400).send({ message, fields });
      }
      const before = await loadSiteSettings(db);
      const saved = await saveSiteSettings(
        db,
        parsed.data satisfies SiteSettingsData,
        request.body.version,
        actorOf(request).id,
        app.clock(),
      );
      if (saved === "stale") return reply.code(409).send({ message: contentTexts.staleSettings });
      request.audit = { changed: changedSettings(before.settings, saved.settings) };
      app.studioChanged();
      return { settings: saved.settings, version: saved.version };
    },
  });
}

/** Each setting that changed, before and after: the studio's own facts, no one's personal data. */
function changedSettings(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changed[key] = { before: before[key] ?? null, after: after[key] ?? null };
  return changed;
}
