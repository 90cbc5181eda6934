import type { FastifyInstance } from "fastify";
import { contentTexts } from "../../domain/content-entry.ts";
import { addDays, todayIn } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { defaultInsightDays } from "../../domain/insights.ts";
import { uuidPattern } from "../../domain/lead-record.ts";
import { typed } from "../api/contracts.ts";
import { actorOf } from "../auth/guards.ts";
import { findUserById } from "../auth/users.repository.ts";
import {
  createEntry,
  deleteEntry,
  listEntries,
  restoreRevision,
  saveEntry,
} from "./content.repository.ts";
import {
  announce,
  entryAnswer,
  entryReader,
  ownerTime,
  problemsOf,
  slugTaken,
  staleMessage,
  summaryOf,
  titleOf,
} from "./content-answers.ts";
import { checkEntry } from "./content-fields.ts";
import { contentStatsFor } from "./content-stats.repository.ts";
import { findRevision, listRevisions } from "./revisions.repository.ts";

/** A whole entry with a long Markdown body: a 1 MB body gets a 400 that says so, not a 413. */
export const contentBodyLimit = 2 * 1024 * 1024;

const notFound = { message: contentTexts.notFound };

/**
 * The content studio's entries: list, create, read, save (compare-and-set on the version),
 * delete, and their revisions. Registered in the admin scope (admin-routes.ts), which checks
 * the admin and sets no-store. Publishing and preview links are in publishing.routes.ts.
 */
export async function contentRoutes(app: FastifyInstance) {
  const api = typed(app);
  const { db } = app;
  const { find: entryOrNothing, answer } = entryReader(db);

  api.route({
    ...endpoints.contentEntries,
    handler: async (request) => {
      const { type, status, q } = request.query;
      const words = (q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
      // A studio holds dozens of entries, not thousands: the words are matched here.
      const entries = (await listEntries(db, { type, status })).filter((entry) => {
        const text = `${titleOf(entry.data, entry.slug)} ${entry.slug}`.toLowerCase();
        return words.every((word) => text.includes(word));
      });
      // The insights' default range, so a page's figures here are its figures there.
      const { timeZone } = app.config;
      const to = todayIn(timeZone, app.clock());
      const from = addDays(to, -(defaultInsightDays - 1));
      const stats = await contentStatsFor(db, entries, { from, to, timeZone });
      return {
        entries: entries.map((entry) => ({
          ...summaryOf(entry),
          stats: stats.get(entry.id) ?? null,
        })),
        period: { from, to },
      };
    },
  });

  api.route({
    ...endpoints.createContent,
    bodyLimit: contentBodyLimit,
    handler: async (request, reply) => {
      const checked = checkEntry(request.body.type, request.body);
      if (!("snapshot" in checked)) return reply.code(400).send(checked);
      const created = await createEntry(
        db,
        { type: request.body.type, ...checked.snapshot },
        actorOf(request).id,
        app.clock(),
      );
      if (created === "slug-taken") return reply.code(400).send(slugTaken());
      const entry = await answer(created.id);
      if (!entry) throw new Error(`content entry ${created.id} vanished after its creation`);
      return reply.code(201).send({ entry });
    },
  });

  api.route({
    ...endpoints.contentEntry,
    handler: async (request, reply) => {
      const entry = await entryOrNothing(request.params.id);
      if (!entry) return reply.code(404).send(notFound);
      return { entry: entryAnswer(entry, entry.editor) };
    },
  });

  api.route({
    ...endpoints.saveContent,
    bodyLimit: contentBodyLimit,
    handler: async (request, reply) => {
      const entry = await entryOrNothing(request.params.id);
      if (!entry) return reply.code(404).send(notFound);
      const { type } = request.body;
      if (type !== undefined && type !== entry.type)
        return reply.code(400).send(problemsOf("type", "An entry's type cannot change."));
      const checked = checkEntry(entry.type, request.body, entry.slug);
      if (!("snapshot" in checked)) return reply.code(400).send(checked);
      const outcome = await saveEntry(
        db,
        entry.id,
        { ...checked.snapshot, version: request.body.version },
        actorOf(request).id,
        app.clock(),
      );
      if (outcome === "not-found") return reply.code(404).send(notFound);
      if (outcome === "slug-taken") return reply.code(400).send(slugTaken());
      if ("stale" in outcome) {
        const { stale } = outcome;
        const user = stale.updatedBy ? await findUserById(db, stale.updatedBy) : undefined;
        const updatedBy = user
          ? { name: `${user.first_name} ${user.last_name}`.trim(), email: user.email }
          : null;
        return reply.code(409).send({
          message: staleMessage(
            updatedBy?.email ?? "someone else",
            ownerTime(stale.updatedAt, app.config.timeZone),
          ),
          current: { version: stale.version, updatedAt: stale.updatedAt, updatedBy },
        });
      }
      const saved = await answer(entry.id);
      if (!saved) return reply.code(404).send(notFound);
      return { entry: saved };
    },
  });

  api.route({
    ...endpoints.deleteContent,
    handler: async (request, reply) => {
      const entry = await entryOrNothing(request.params.id);
      if (!entry) return reply.code(404).send(notFound);
      const change = await deleteEntry(db, entry.id, {
        now: app.clock(),
        onLive: app.liveTransition,
      });
      if (change === "not-found") return reply.code(404).send(notFound);
      // Off the live site before the answer, as an unpublish would be.
      await announce(app, request.log, change);
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...endpoints.contentRevisions,
    handler: async (request, reply) => {
      const entry = await entryOrNothing(request.params.id);
      if (!entry) return reply.code(404).send(notFound);
      return { revisions: await listRevisions(db, entry.id) };
    },
  });

  const revisionOf = async (id: string, revisionId: string) => {
    const entry = await entryOrNothing(id);
    if (!entry || !uuidPattern.test(revisionId)) return undefined;
    const revision = await findRevision(db, entry.id, revisionId.toLowerCase());
    return revision && { entry, revision };
  };

  api.route({
    ...endpoints.contentRevision,
    handler: async (request, reply) => {
      const found = await revisionOf(request.params.id, request.params.revisionId);
      if (!found) return reply.code(404).send({ message: contentTexts.revisionNotFound });
      const { data, ...revision } = found.revision;
      return { revision: { ...revision, fields: data } };
    },
  });

  api.route({
    ...endpoints.restoreContentRevision,
    handler: async (request, reply) => {
      const found = await revisionOf(request.params.id, request.params.revisionId);
      if (!found) return reply.code(404).send({ message: contentTexts.revisionNotFound });
      const { slug, data, body } = found.revision;
      const restored = await restoreRevision(
        db,
        found.entry.id,
        { slug, data, body },
        actorOf(request).id,
        app.clock(),
      );
      if (restored === "not-found") return reply.code(404).send(notFound);
      if (restored === "slug-taken") return reply.code(400).send(slugTaken());
      const entry = await answer(found.entry.id);
      if (!entry) return reply.code(404).send(notFound);
      return { entry };
    },
  });
}
