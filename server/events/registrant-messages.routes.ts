import type { FastifyInstance } from "fastify";
import { endpoints } from "../../domain/endpoints.ts";
import { eventTexts, registrantsMessageQueuedText } from "../../domain/event-texts.ts";
import { typed } from "../api/contracts.ts";
import { queueRegistrantsMessage } from "./registrant-messages.repository.ts";
import { eventWhen } from "./registration-email.ts";

/** Placeholders are for a message to one lead; here they would go out as written. */
const placeholderLike = /\{\{|\}\}/;
const placeholdersRefused =
  "Placeholders such as {{firstName}} are not filled in in a message to everyone registered: write the text as it should read.";

/**
 * The owner writes to everyone registered for an event (docs/events.md, "The owner's view"),
 * in the admin scope (admin-routes.ts), which checks the admin and sets no-store.
 */
export async function registrantMessageRoutes(app: FastifyInstance) {
  const { db, clock, events, outbox } = app;
  const { siteUrl, mailFrom } = app.config;
  const host = new URL(siteUrl).hostname || "localhost";
  const api = typed(app);

  api.route({
    ...endpoints.messageRegistrants,
    bodyLimit: 128 * 1024,
    handler: async (request, reply) => {
      const event = events.find(request.params.slug);
      if (!event) return reply.code(404).send({ message: eventTexts.unknown });
      const { subject, message } = request.body;
      if (placeholderLike.test(subject) || placeholderLike.test(message))
        return reply.code(400).send({ message: placeholdersRefused });
      if (!outbox || !mailFrom) return reply.code(409).send({ message: eventTexts.mailNotSetUp });
      const now = clock();
      // Why it reached them, under the owner's words: the event, when, and its page.
      const text = `${message.trimEnd()}\n\n—\nYou're receiving this because you registered for ${event.title} (${eventWhen(event, now)}): ${event.url}`;
      const recipients = await queueRegistrantsMessage(db, {
        event,
        from: mailFrom.address,
        subject,
        text,
        host,
        now,
      });
      if (recipients === 0) return reply.code(409).send({ message: eventTexts.noRegistrants });
      request.log.info({ event: event.slug, recipients }, "events: message to registrants queued");
      outbox.poke();
      return reply
        .code(202)
        .send({ recipients, message: registrantsMessageQueuedText(recipients) });
    },
  });
}
