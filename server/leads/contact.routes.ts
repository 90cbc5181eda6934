import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { contactOutcomePath, outcomeForMessage } from "../../domain/contact-outcomes.ts";
import { contactTexts, honeypotField, validateContact } from "../../domain/leads.ts";
import type { Db } from "../db/connect.ts";
import { limitPerWindow, tenMinutes } from "../rate-limit.ts";
import { bodyOf } from "../request-body.ts";
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

/** The page path the request came from, kept with the lead; never trusted beyond a short path. */
function sourcePageOf(body: Record<string, unknown>, request: FastifyRequest): string | null {
  const candidate = typeof body.sourcePage === "string" ? body.sourcePage : request.headers.referer;
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

  // A rejected form post (rate limit, oversized, bad encoding) still lands on a page, not on JSON.
  // Anything else goes to the application's error handler.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (isFormPost(request) && status >= 400 && status < 500) {
      return reply.redirect(contactOutcomePath(status === 429 ? "too-many" : "failed"), 303);
    }
    throw error;
  });

  const respond = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    message: string,
  ) => {
    if (isFormPost(request)) {
      const outcome = status < 300 ? "sent" : outcomeForMessage(message);
      return reply.redirect(contactOutcomePath(outcome), 303);
    }
    return reply.code(status).send({ message });
  };

  app.post(
    "/api/leads/contact-us",
    {
      bodyLimit: contactBodyLimit,
      config: limitPerWindow(limit.max, limit.timeWindowMs),
    },
    async (request, reply) => {
      const type = request.headers["content-type"] ?? "";
      if (!type.startsWith("application/json") && !isFormPost(request)) {
        return reply
          .code(415)
          .send({ message: "Send the form as JSON or as a regular form post." });
      }
      const body = bodyOf(request);
      // Bots fill every field; people never see this one. Answer as if stored, store nothing.
      const honeypot = body[honeypotField];
      if (typeof honeypot === "string" && honeypot.trim() !== "") {
        request.log.info("contact: honeypot filled, not stored");
        return respond(request, reply, 201, contactTexts.success);
      }
      const checked = validateContact(body);
      if (!checked.ok) return respond(request, reply, 400, checked.message);
      const { duplicate } = await writer.write({
        lead: { ...checked.value, sourcePage: sourcePageOf(body, request) },
        notify: opts.notify,
      });
      if (duplicate) request.log.info("contact: repeated request, stored once");
      else if (opts.notify) opts.onLeadQueued?.();
      return respond(request, reply, 201, contactTexts.success);
    },
  );
}
