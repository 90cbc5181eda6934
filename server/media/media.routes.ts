import { createHash } from "node:crypto";
import fastifyMultipart, { type Multipart } from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { endpoints } from "../../domain/endpoints.ts";
import { altText, mediaMaxBytes, mediaTexts } from "../../domain/media.ts";
import { typed } from "../api/contracts.ts";
import { uuidv7 } from "../db/uuid.ts";
import {
  deleteMedia,
  findMediaFile,
  insertMedia,
  mediaFileExists,
  updateMediaAlt,
} from "./media.repository.ts";
import { encodeUpload, MediaRefusal } from "./media-encoding.ts";
import { mediaRecords } from "./media-library.ts";
import { mediaUses } from "./media-uses.ts";

/** What a multipart upload may hold: one file, the alt text, nothing much besides. */
const uploadLimits = {
  fileSize: mediaMaxBytes,
  files: 1,
  fields: 4,
  parts: 6,
  fieldSize: 16 * 1024,
} as const;

/** A name to show in the library: the last path segment, one line, at most 200 characters. */
const cleanFileName = (name: string) =>
  (name.split(/[\\/]/).at(-1) ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/g, "")
    .trim()
    .slice(0, 200) || "image";

type Upload = { fileName: string; bytes: Buffer; alt: string };
type Refusal = { status: 400 | 413 | 415; message: string };

/** Multipart's own failures, as the client's mistakes they are: a message, never a 500. */
function multipartRefusal(error: unknown): Refusal {
  const code = (error as { code?: unknown }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return { status: 413, message: mediaTexts.tooLarge };
  if (code === "FST_FILES_LIMIT") return { status: 400, message: mediaTexts.oneFile };
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE")
    return { status: 415, message: mediaTexts.notMultipart };
  // Too many parts or fields, a prototype-poisoning field name, a body cut short: busboy's
  // errors carry no status, and none of them is the server's fault.
  return { status: 400, message: mediaTexts.notMultipart };
}

/** Reads the file and the alt text from the body, or says what is wrong with it. */
async function readUpload(request: FastifyRequest): Promise<Upload | Refusal> {
  let file: { fileName: string; bytes: Buffer } | undefined;
  let alt: unknown = "";
  try {
    for await (const part of request.parts({ limits: uploadLimits }) as AsyncIterable<Multipart>) {
      if (part.type === "file") {
        // Read whatever it is, so the body is consumed and the size limit applies.
        const bytes = await part.toBuffer();
        if (part.fieldname === "file") file = { fileName: cleanFileName(part.filename), bytes };
      } else if (part.fieldname === "alt") {
        if (part.valueTruncated) return { status: 400, message: mediaTexts.badAlt };
        alt = part.value;
      }
    }
  } catch (error) {
    return multipartRefusal(error);
  }
  if (!file || file.bytes.byteLength === 0) return { status: 400, message: mediaTexts.noFile };
  const parsed = z.safeParse(altText, alt);
  if (!parsed.success) return { status: 400, message: mediaTexts.badAlt };
  return { ...file, alt: parsed.data };
}

/**
 * The media library's admin API (registered in the admin scope: admins only, no-store).
 * Multipart bodies are parsed in this scope alone; every other route keeps refusing them.
 */
export async function mediaRoutes(app: FastifyInstance) {
  await app.register(fastifyMultipart, { limits: uploadLimits });
  const { db, clock } = app;
  const api = typed(app);

  api.route({
    ...endpoints.mediaLibrary,
    handler: async () => ({ media: await mediaRecords(db) }),
  });

  api.route({
    ...endpoints.uploadMedia,
    // Before the contract's form is checked: a JSON body here is the wrong kind, not a bad one.
    preValidation: async (request, reply) => {
      if (!request.isMultipart()) return reply.code(415).send({ message: mediaTexts.notMultipart });
    },
    handler: async (request, reply) => {
      const upload = await readUpload(request);
      if ("status" in upload) return reply.code(upload.status).send({ message: upload.message });
      let image: Awaited<ReturnType<typeof encodeUpload>>;
      try {
        image = await encodeUpload(upload.bytes);
      } catch (error) {
        if (!(error instanceof MediaRefusal)) throw error;
        request.log.info({ err: error, fileName: upload.fileName }, "upload refused");
        return reply.code(error.statusCode).send({ message: error.message });
      }
      const now = clock();
      const id = uuidv7(now.getTime());
      await insertMedia(db, {
        id,
        fileName: upload.fileName,
        alt: upload.alt,
        bytes: upload.bytes.byteLength,
        sha256: createHash("sha256").update(upload.bytes).digest("hex"),
        createdAt: now,
        createdBy: request.admin?.id ?? null,
        image,
      });
      const [record] = await mediaRecords(db, [id]);
      if (!record) throw new Error(`media ${id} was stored but cannot be read back`);
      return reply.code(201).send(record);
    },
  });

  api.route({
    ...endpoints.updateMedia,
    handler: async (request, reply) => {
      const { id } = request.params;
      if (!(await updateMediaAlt(db, id, request.body.alt)))
        return reply.code(404).send({ message: mediaTexts.notFound });
      const [record] = await mediaRecords(db, [id]);
      if (!record) return reply.code(404).send({ message: mediaTexts.notFound });
      return reply.send(record);
    },
  });

  api.route({
    ...endpoints.deleteMedia,
    handler: async (request, reply) => {
      const { id } = request.params;
      // An entry saved between this check and the delete would keep a dead address; the
      // content studio checks its pictures exist when it saves, which closes that gap.
      const usedBy = (await mediaUses(db, [id])).get(id) ?? [];
      if (usedBy.length > 0) {
        const names = usedBy.map((use) => `${use.type} "${use.slug}"`);
        return reply.code(409).send({ message: mediaTexts.inUse(names), usedBy });
      }
      if (!(await deleteMedia(db, id)))
        return reply.code(404).send({ message: mediaTexts.notFound });
      return reply.code(204).send(null);
    },
  });
}

/** A file's name in its address: a width and AVIF or WebP, or the fallback. */
const variantPattern = /^(?:\d{1,4}\.(?:avif|webp)|orig\.(?:jpg|png))$/;
const immutable = "public, max-age=31536000, immutable";
const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The pictures themselves, public: `/media/{id}/{variant}`, from the database, so every
 * instance serves every upload. A file never changes (a new upload is a new id), so it is
 * cached for a year and its ETag is its address.
 */
export async function mediaFileRoutes(app: FastifyInstance) {
  const { db } = app;
  const notFound = (reply: FastifyReply) =>
    reply.code(404).type("text/plain; charset=utf-8").send("Not found.");

  app.get<{ Params: { id: string; variant: string } }>(
    "/media/:id/:variant",
    async (request, reply) => {
      const { id, variant } = request.params;
      if (!idPattern.test(id) || !variantPattern.test(variant)) return notFound(reply);
      const etag = `"${id}/${variant}"`;
      reply.header("X-Content-Type-Options", "nosniff");
      const ifNoneMatch = request.headers["if-none-match"];
      if (ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
        // Only a file that exists has an ETag to match; a deleted one is a 404 below.
        if (await mediaFileExists(db, id, variant))
          return reply.code(304).header("ETag", etag).header("Cache-Control", immutable).send();
      }
      const file = await findMediaFile(db, id, variant);
      if (!file) return notFound(reply);
      return reply
        .header("Content-Type", file.contentType)
        .header("Cache-Control", immutable)
        .header("ETag", etag)
        .send(file.bytes);
    },
  );
}
