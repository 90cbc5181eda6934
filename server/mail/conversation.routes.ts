import type { FastifyInstance } from "fastify";
import {
  conversationLimits,
  conversationTexts,
  fillPlaceholders,
  placeholderProblem,
} from "../../domain/conversation.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { leadTexts } from "../../domain/lead-record.ts";
import { typed } from "../api/contracts.ts";
import { actorOf } from "../auth/guards.ts";
import { bookingPassKey, emailedPassMinutes, issueBookingPass } from "../leads/booking-pass.ts";
import { findLead } from "../leads/lead-lists.repository.ts";
import {
  conversationPage,
  decodeMessageCursor,
  encodeMessageCursor,
} from "./conversation-pages.repository.ts";
import { markRepliesRead, retryMessage, sendMessage } from "./messages.repository.ts";
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  updateTemplate,
} from "./templates.repository.ts";

/**
 * The owner's side of conversations: a lead's messages, writing to the visitor, sending a
 * failed message again, reading replies, and the reply templates (registered in the admin
 * scope, which checks the admin and sets no-store).
 */
export async function conversationRoutes(app: FastifyInstance) {
  const { db, clock, outbox } = app;
  const { siteUrl, mailFrom } = app.config;
  const api = typed(app);
  const passKey = bookingPassKey(app.tokens.key);
  const host = new URL(siteUrl).hostname || "localhost";

  /** A link to book a call with the visitor's details filled in, for an e-mail. */
  const bookingLink = (leadId: string) =>
    `${siteUrl}/book#pass=${issueBookingPass(passKey, { leadId, details: null }, clock(), emailedPassMinutes)}`;

  api.route({
    ...endpoints.leadMessages,
    handler: async (request, reply) => {
      const { id } = request.params;
      const { limit = conversationLimits.page, cursor } = request.query;
      const before = cursor === undefined ? undefined : decodeMessageCursor(cursor);
      if (before === null) return reply.code(400).send({ message: conversationTexts.badCursor });
      if (!(await findLead(db, id))) return reply.code(404).send({ message: leadTexts.notFound });
      const page = await conversationPage(db, id, { limit, before });
      if (page.earlier) {
        const earlier = new URLSearchParams({
          limit: String(limit),
          cursor: encodeMessageCursor(page.earlier),
        });
        reply.header("Link", `</api/leads/${id}/messages?${earlier}>; rel="next"`);
      }
      return reply.send(page.messages);
    },
  });

  api.route({
    ...endpoints.sendLeadMessage,
    bodyLimit: 128 * 1024,
    handler: async (request, reply) => {
      const { id } = request.params;
      const { subject, text } = request.body;
      const problem = placeholderProblem(subject) ?? placeholderProblem(text);
      if (problem) return reply.code(400).send({ message: problem });
      const lead = await findLead(db, id);
      if (!lead) return reply.code(404).send({ message: leadTexts.notFound });
      if (!outbox || !mailFrom)
        return reply.code(409).send({ message: conversationTexts.notSetUp });
      const values = {
        firstName: lead.FirstName,
        lastName: lead.LastName,
        bookingLink: bookingLink(lead.ID),
      };
      const sent = await sendMessage(
        db,
        {
          leadId: id,
          from: mailFrom.address,
          subject: fillPlaceholders(subject, values),
          text: fillPlaceholders(text, values),
          host,
          now: clock(),
        },
        actorOf(request),
      );
      if (!sent) return reply.code(404).send({ message: leadTexts.notFound });
      outbox.poke();
      const after = sent.replied ? await findLead(db, id) : undefined;
      return reply.code(201).send({ ...sent.message, ...(after ? { lead: after } : {}) });
    },
  });

  api.route({
    ...endpoints.retryLeadMessage,
    handler: async (request, reply) => {
      const { id, messageId } = request.params;
      if (!outbox) return reply.code(409).send({ message: conversationTexts.notSetUp });
      const retried = await retryMessage(db, { leadId: id, messageId, now: clock() });
      if (!retried) return reply.code(404).send({ message: conversationTexts.messageNotFound });
      if (retried === "not-failed")
        return reply.code(409).send({ message: conversationTexts.notFailed });
      outbox.poke();
      return reply.send(retried);
    },
  });

  api.route({
    ...endpoints.readLeadMessages,
    handler: async (request, reply) => {
      if (!(await markRepliesRead(db, request.params.id)))
        return reply.code(404).send({ message: leadTexts.notFound });
      return reply.send({ message: conversationTexts.read });
    },
  });

  api.route({
    ...endpoints.templates,
    handler: async () => listTemplates(db),
  });

  api.route({
    ...endpoints.createTemplate,
    bodyLimit: 128 * 1024,
    handler: async (request, reply) => {
      const problem =
        placeholderProblem(request.body.subject) ?? placeholderProblem(request.body.text);
      if (problem) return reply.code(400).send({ message: problem });
      return reply.code(201).send(await createTemplate(db, request.body, clock()));
    },
  });

  api.route({
    ...endpoints.updateTemplate,
    bodyLimit: 128 * 1024,
    handler: async (request, reply) => {
      const problem =
        placeholderProblem(request.body.subject) ?? placeholderProblem(request.body.text);
      if (problem) return reply.code(400).send({ message: problem });
      const template = await updateTemplate(db, request.params.id, request.body, clock());
      if (!template) return reply.code(404).send({ message: conversationTexts.templateNotFound });
      return reply.send(template);
    },
  });

  api.route({
    ...endpoints.deleteTemplate,
    handler: async (request, reply) => {
      if (!(await deleteTemplate(db, request.params.id)))
        return reply.code(404).send({ message: conversationTexts.templateNotFound });
      return reply.send({ message: conversationTexts.templateDeleted });
    },
  });
}
