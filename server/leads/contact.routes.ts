import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { contactOutcomePath, outcomeForMessage } from "../../domain/contact-outcomes.ts";
import { contactTexts, honeypotField } from "../../domain/contact-texts.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { typed } from "../api/contracts.ts";
import type { Db } from "../db/connect.ts";
import { limitPerWindow, tenMinutes } from "../rate-limit.ts";
import { createLeadWriter } from "./lead-writer.ts";

export type ContactRoutesOptions = {
  db: Db;
  /** Queue a notification e-mail with each new lead (SMTP configured). */
  notify: boolean;
  /** Called after a lead with a queued notification is committed. */
  onLeadQueued?: () => void;
  /** Per-address limit when rate limiting is on; the default is 10 per 10 minutes. */
  limit?: { max: number; timeWindowMs: number };
};

const contactBodyLimit = 16 * 1024;

/** A form post (no JavaScript) is answered with a redirect to a page; JSON with JSON. */
const isFormPost = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
const isJson = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").startsWith("application/json");

/** The page path the request came from, kept with the lead; never trusted beyond a short path. */
function sourcePageOf(sent: string | undefined, request: FastifyRequest): string | null {
  const candidate = sent || request.headers.referer;
  if (typeof candidate !== "string") return null;
  try {
    const { pathname } = new URL(candidate, "http://site.invalid");
    return pathname.length <= 200 ? pathname : null;
  } catch {
    return null;
  }
}

export async function contactRoutes(app: FastifyInstance, opts: ContactRoutesOptions) {
  await app.register(formbody, { bodyLimit: contactBodyLimit });
  const limit = opts.limit ?? { max: 10, timeWindowMs: tenMinutes };
  const writer = createLeadWriter(opts.db);

  // A refused form post (invalid field, rate limit, oversized, bad encoding) still lands on a
  // page that says why, not on JSON. Anything else goes to the application's error handler.
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (isFormPost(request) && status >= 400 && status < 500) {
      const outcome =
        status === 429 ? "too-many" : outcomeForMessage(error.message ?? contactTexts.failure);
      return reply.redirect(contactOutcomePath(outcome), 303);
    }
    throw error;
  });

  const respond = (request: FastifyRequest, reply: FastifyReply) =>
    isFormPost(request)
      ? reply.redirect(contactOutcomePath("sent"), 303)
      : reply.code(201).send({ message: contactTexts.success });

  typed(app).route({
    ...endpoints.contactUs,
    bodyLimit: contactBodyLimit,
    config: limitPerWindow(limit.max, limit.timeWindowMs),
    // Before the body's fields are checked: what it is, and whether a bot filled the honeypot.
    preValidation: async (request, reply) => {
      if (!isJson(request) && !isFormPost(request)) {
        return reply
          .code(415)
          .send({ message: "Send the form as JSON or as a regular form post." });
      }
      // Bots fill every field; people never see this one. Answer as if stored, store nothing.
      const honeypot = (request.body as Record<string, unknown> | null)?.[honeypotField];
      if (typeof honeypot === "string" && honeypot.trim() !== "") {
        request.log.info("contact: honeypot filled, not stored");
        return respond(request, reply);
      }
    },
    handler: async (request, reply) => {
      const { email, firstName, lastName, message, sourcePage } = request.body;
      const { duplicate } = await writer.write({
        lead: {
          email,
          firstName,
          lastName,
          message,
          sourcePage: sourcePageOf(sourcePage, request),
        },
        notify: opts.notify,
      });
      if (duplicate) request.log.info("contact: repeated request, stored once");
      else if (opts.notify) opts.onLeadQueued?.();
      return respond(request, reply);
    },
  });
}
