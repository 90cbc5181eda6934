import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { endpoints } from "../../domain/endpoints.ts";
import { importLimits, importTexts } from "../../domain/lead-import.ts";
import { isUuid } from "../../domain/lead-record.ts";
import { typed } from "../api/contracts.ts";
import { actorOf } from "../auth/guards.ts";
import { type EraseLeads, undoImport } from "./lead-import.repository.ts";
import { ImportRefusal, importLeads } from "./lead-import.ts";

/** A file name to record: its last segment, one line, at most 200 characters. */
const cleanFileName = (name: string | undefined) =>
  (name ?? "")
    .split(/[\\/]/)
    .at(-1)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
    ?.replace(/[\u0000-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/g, "")
    .trim()
    .slice(0, 200) ?? "";

const isCsv = (contentType: string | undefined) => /^text\/csv\s*(?:;|$)/i.test(contentType ?? "");

/**
 * Importing leads from CSV and undoing an import (registered in the admin scope). The CSV body
 * reaches the handler as the request's stream, in this scope alone: it is read as it arrives,
 * never buffered whole (docs/decisions/040).
 */
export async function leadImportRoutes(app: FastifyInstance, { erase }: { erase: EraseLeads }) {
  app.addContentTypeParser("text/csv", (_request, payload, done) => done(null, payload));
  const { db, clock } = app;
  const api = typed(app);

  api.route({
    ...endpoints.importLeads,
    // Before the body is read: the wrong kind of body, or one announced too large, goes at once.
    preValidation: async (request, reply) => {
      if (!isCsv(request.headers["content-type"]))
        return reply.code(415).send({ message: importTexts.notCsv });
      if (Number(request.headers["content-length"]) > importLimits.bytes)
        return reply.code(413).send({ message: importTexts.tooLarge });
    },
    handler: async (request, reply) => {
      // No body at all (Content-Length: 0) reaches here without a stream.
      if (!(request.body instanceof Readable))
        return reply.code(400).send({ message: importTexts.empty });
      const dryRun = request.query.dryRun === true;
      const fileName = cleanFileName(request.query.fileName);
      try {
        const result = await importLeads(db, request.body, {
          dryRun,
          fileName,
          actor: actorOf(request),
          now: clock(),
          erase,
        });
        // Counts and the batch, never a row: the rows are personal data.
        request.audit = {
          dryRun,
          batchId: result.batchId ?? null,
          fileName,
          new: result.new,
          updated: result.updated,
          unchanged: result.unchanged,
          invalid: result.invalidTotal,
        };
        return reply.send(result);
      } catch (error) {
        if (!(error instanceof ImportRefusal)) throw error;
        return reply.code(error.statusCode).send({ message: error.message });
      }
    },
  });

  api.route({
    ...endpoints.undoImport,
    handler: async (request, reply) => {
      const admin = request.admin;
      if (!admin) return reply.code(403).send({ message: importTexts.notYours });
      // Every import's ID is a UUID; anything else names none (and PostgreSQL would refuse it).
      if (!isUuid(request.params.id))
        return reply.code(404).send({ message: importTexts.batchNotFound });
      const outcome = await undoImport(db, request.params.id, admin, clock(), erase);
      switch (outcome.status) {
        case "missing":
          return reply.code(404).send({ message: importTexts.batchNotFound });
        case "not-yours":
          return reply.code(403).send({ message: importTexts.notYours });
        case "undone":
          return reply.code(409).send({ message: importTexts.alreadyUndone });
        case "expired":
          return reply.code(410).send({ message: importTexts.undoExpired });
        default: {
          const { removed, reverted, notReverted } = outcome;
          request.audit = { removed, reverted, notReverted };
          return reply.send({ removed, reverted, notReverted });
        }
      }
    },
  });
}
