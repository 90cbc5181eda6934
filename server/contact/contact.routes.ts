import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  type ContactOutcome,
  contactOutcomePath,
  contactOutcomes,
  outcomeForMessage,
} from "../../domain/contact-outcomes.ts";
import { bookingPassHeader, contactTexts } from "../../domain/contact-texts.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { leadSourceOf } from "../../domain/lead-source.ts";
import { typed } from "../api/contracts.ts";
import { databaseTrouble, unavailableRetryAfterSeconds } from "../db/unavailable.ts";
import { uuidv7 } from "../db/uuid.ts";
import { limitPerWindow, tenMinutes } from "../http/rate-limit.ts";
import {
  type BookingPass,
  bookingPassKey,
  emailedPassMinutes,
  issueBookingPass,
} from "../leads/booking-pass.ts";
import { autoReplySubject, autoReplyText } from "../mail/message-email.ts";
import type { PostedContact } from "./contact-form-page.ts";
import { formTokenKey, issueFormToken } from "./form-token.ts";
import type { AutoReply } from "./lead-intake.repository.ts";
import { createLeadWriter } from "./lead-writer.ts";
import {
  contactBodyLimit,
  entryPageOf,
  judgeSubmission,
  sourcePageOf,
  visitOf,
} from "./submission.ts";

export type ContactRoutesOptions = {
  /**
   * The page to answer a refused plain form post with, the form filled in again; without it
   * (no build), or when it finds none, the post is redirected to the outcome page.
   */
  refusedFormPage?:
    | ((
        sourcePage: unknown,
        posted: PostedContact,
        message: string,
        outcome: ContactOutcome,
      ) => Promise<{ html: string; csp: string } | null>)
    | undefined;
};

/** Per address, across instances: ten messages in ten minutes. */
const contactLimit = { max: 10, timeWindowMs: tenMinutes };

/** A form post (no JavaScript) is answered with a redirect to a page; JSON with JSON. */
const isFormPost = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
const isJson = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").startsWith("application/json");

export async function contactRoutes(app: FastifyInstance, opts: ContactRoutesOptions) {
  await app.register(formbody, { bodyLimit: contactBodyLimit });
  const { db, clock: now, outbox, metrics } = app;
  const limit = contactLimit;
  const writer = createLeadWriter(db);
  const formKey = formTokenKey(app.tokens.key);
  /** This site's host names (SITE_URL's): a referrer from them is not a source. */
  const siteHosts = [new URL(app.config.siteUrl).hostname];

  // A refused form post (invalid field, rate limit, oversized, bad encoding) still lands on a
  // page that says why, not on JSON: the page it came from with everything typed still in the
  // form when the body could be read, else the outcome's page. Anything else goes to the
  // application's error handler.
  // A database that does not answer (503) is answered the same way, with everything typed kept.
  app.setErrorHandler(async (error: { statusCode?: number; message?: string }, request, reply) => {
    const status = databaseTrouble(error) ? 503 : (error.statusCode ?? 500);
    if (!isFormPost(request) || status < 400 || (status >= 500 && status !== 503)) throw error;
    const outcome: ContactOutcome =
      status === 429
        ? "too-many"
        : status === 503
          ? "failed"
          : outcomeForMessage(error.message ?? contactTexts.failure);
    if (status === 503) {
      request.log.warn({ err: error }, "contact: the database did not answer");
      reply.header("Retry-After", String(unavailableRetryAfterSeconds));
    }
    const body = request.body;
    if (
      opts.refusedFormPage &&
      body &&
      typeof body === "object" &&
      (status === 400 || status === 429 || status === 503)
    ) {
      const posted = body as PostedContact & { sourcePage?: unknown };
      // Without the page (an unreadable file), the redirect below still says why.
      const page = await opts
        .refusedFormPage(posted.sourcePage, posted, contactOutcomes[outcome].message, outcome)
        .catch((failure: unknown) => {
          request.log.error({ err: failure }, "contact: could not read the form's page");
          return null;
        });
      if (page) {
        return reply
          .code(status)
          .header("Content-Type", "text/html; charset=utf-8")
          .header("Cache-Control", "no-store")
          .header("Content-Security-Policy", page.csp)
          .send(page.html);
      }
    }
    return reply.redirect(contactOutcomePath(outcome), 303);
  });

  const passKey = bookingPassKey(app.tokens.key);
  // The instant reply (docs/conversations.md): with e-mail set up and AUTO_REPLY on.
  const { mailFrom, autoReply: autoReplyOn, siteUrl } = app.config;
  const autoReply: AutoReply | null =
    outbox && mailFrom && autoReplyOn
      ? {
          from: mailFrom.address,
          host: new URL(siteUrl).hostname || "localhost",
          subject: autoReplySubject,
          textFor: (leadId) =>
            autoReplyText({
              bookingLink: `${siteUrl}/book#pass=${issueBookingPass(passKey, { leadId, details: null }, now(), emailedPassMinutes)}`,
            }).join("\n"),
        }
      : null;
  // The body stays the stable `{ message }`; the pass for "Book a call now" rides in a header.
  // Spam gets a pass too, so the answer looks the same: it joins nothing (ADR 022). The pass
  // carries what this request typed, and names the lead only when this request created it.
  const respond = (request: FastifyRequest, reply: FastifyReply, pass: BookingPass, at: Date) =>
    isFormPost(request)
      ? reply.redirect(contactOutcomePath("sent"), 303)
      : reply
          .code(201)
          .header(bookingPassHeader, issueBookingPass(passKey, pass, at))
          .header("Cache-Control", "no-store")
          .send({ message: contactTexts.success });

  typed(app).route({
    ...endpoints.contactUs,
    bodyLimit: contactBodyLimit,
    // Counted once the body is read, so a refused post can still be shown again with its values.
    config: {
      rateLimit: {
        ...limitPerWindow(limit.max, limit.timeWindowMs, { failOpen: true }).rateLimit,
        hook: "preValidation",
      },
    },
    // Before the body's fields are checked: what it is.
    preValidation: async (request, reply) => {
      if (!isJson(request) && !isFormPost(request)) {
        return reply
          .code(415)
          .send({ message: "Send the form as JSON or as a regular form post." });
      }
    },
    handler: async (request, reply) => {
      const { email, firstName, lastName, message, sourcePage } = request.body;
      const at = now();
      const ownHosts = [...siteHosts, request.hostname];
      // Spam is kept for the owner to review, and answered exactly like a lead: a bot learns
      // nothing from the answer, and a person wrongly judged is still in the Spam view.
      const { spam, token } = judgeSubmission(request, request.body, {
        formKey,
        now: at,
        ownHosts,
      });
      const result = await writer.write({
        lead: {
          email,
          firstName,
          lastName,
          message,
          sourcePage: sourcePageOf(sourcePage, request, ownHosts),
          entryPage: entryPageOf(
            request.body.entryPage,
            sourcePageOf(sourcePage, request, ownHosts),
          ),
          source: leadSourceOf(visitOf(request.body, request), ownHosts),
          spam,
          formToken: token.kind === "fresh" ? token.claim : undefined,
        },
        now: at,
        notify: outbox !== null,
        autoReply,
      });
      metrics.leadReceived(result.duplicate ? "duplicate" : result.spam ? "spam" : "lead");
      if (result.duplicate) request.log.info("contact: repeated request, stored once");
      else if (result.spam) request.log.info({ reason: result.spam }, "contact: kept as spam");
      else outbox?.poke();
      // A repeat was stored by an earlier request, perhaps someone else's with this address:
      // its pass names a lead that does not exist, so it reveals and joins nothing.
      const leadId = result.duplicate ? uuidv7(at.getTime()) : result.id;
      return respond(request, reply, { leadId, details: { email, firstName, lastName } }, at);
    },
  });

  // The form's clock: asked for when the visitor first uses the form.
  typed(app).route({
    ...endpoints.contactToken,
    config: limitPerWindow(60, 60_000, { failOpen: true }),
    handler: async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { token: issueFormToken(formKey, now()) };
    },
  });
}
