import * as z from "zod/mini";
import { type Endpoint, errorResponses, tokenSecurity } from "./api.ts";
import { emptyBody } from "./auth.ts";
import {
  conversation,
  conversationQuery,
  leadMessage,
  messageParams,
  messageTemplate,
  newMessage,
  templateBody,
  templateIdParams,
} from "./conversation.ts";
import { leadIdParams, leadRecord } from "./lead-record.ts";
import { mailboxReport } from "./mailbox.ts";

/** The conversations API (docs/conversations.md), spread into `endpoints` (domain/endpoints.ts). */
export const conversationEndpoints = {
  leadMessages: {
    method: "GET",
    url: "/api/leads/:id/messages",
    schema: {
      summary: "A lead's conversation",
      description:
        "Admins only. The e-mails sent to the visitor (the instant reply and the owner's " +
        "messages, with their delivery status) and the replies that came back. Paged from the " +
        "latest: the newest `limit` messages (default 100), oldest first within the page, and " +
        'while earlier ones remain a `Link: <…>; rel="next"` header to the page before it. ' +
        "Text only: a reply's HTML is converted, its attachments only named.",
      tags: ["Conversations"],
      security: tokenSecurity,
      params: leadIdParams,
      querystring: conversationQuery,
      response: { 200: conversation, ...errorResponses(400, 401, 403, 404) },
    },
  },

  sendLeadMessage: {
    method: "POST",
    url: "/api/leads/:id/messages",
    schema: {
      summary: "Write to a lead",
      description:
        "Admins only. Queues an e-mail to the visitor (201, status queued), sent through the " +
        "outbox with its own Message-ID, threaded on the conversation (In-Reply-To, " +
        "References) and Reply-To the lead's address for replies. Placeholders " +
        "({{firstName}}, {{lastName}}, {{bookingLink}}) are filled in; an unknown one answers " +
        "400 and nothing is sent. The first message to an UNREAD lead moves it to REPLIED. " +
        "Without SMTP_URL, 409.",
      tags: ["Conversations"],
      security: tokenSecurity,
      params: leadIdParams,
      body: newMessage,
      response: {
        201: z.extend(leadMessage, {
          lead: z.optional(leadRecord.check(z.describe("The lead as it is after sending."))),
        }),
        ...errorResponses(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },

  retryLeadMessage: {
    method: "POST",
    url: "/api/leads/:id/messages/:messageId/retry",
    schema: {
      summary: "Send a failed message again",
      description: "Admins only. Only a message whose sending failed; 409 otherwise.",
      tags: ["Conversations"],
      security: tokenSecurity,
      params: messageParams,
      body: emptyBody,
      response: { 200: leadMessage, ...errorResponses(400, 401, 403, 404, 409, 415) },
    },
  },

  readLeadMessages: {
    method: "POST",
    url: "/api/leads/:id/messages/read",
    schema: {
      summary: "Mark a lead's replies as read",
      description: "Admins only. The lead no longer counts as having an unread reply.",
      tags: ["Conversations"],
      security: tokenSecurity,
      params: leadIdParams,
      body: emptyBody,
      response: {
        200: z.object({ message: z.string() }),
        ...errorResponses(400, 401, 403, 404, 415),
      },
    },
  },

  templates: {
    method: "GET",
    url: "/api/templates",
    schema: {
      summary: "Reply templates",
      description: "Admins only. The owner's templates to start a message from, by name.",
      tags: ["Conversations"],
      security: tokenSecurity,
      response: { 200: z.array(messageTemplate), ...errorResponses(401, 403) },
    },
  },

  createTemplate: {
    method: "POST",
    url: "/api/templates",
    schema: {
      summary: "Add a reply template",
      description:
        "Admins only. An unknown placeholder or one left open answers 400 with what is allowed.",
      tags: ["Conversations"],
      security: tokenSecurity,
      body: templateBody,
      response: { 201: messageTemplate, ...errorResponses(400, 401, 403, 413, 415) },
    },
  },

  updateTemplate: {
    method: "PUT",
    url: "/api/templates/:id",
    schema: {
      summary: "Change a reply template",
      description: "Admins only. As adding one; an unknown template answers 404.",
      tags: ["Conversations"],
      security: tokenSecurity,
      params: templateIdParams,
      body: templateBody,
      response: { 200: messageTemplate, ...errorResponses(400, 401, 403, 404, 413, 415) },
    },
  },

  deleteTemplate: {
    method: "DELETE",
    url: "/api/templates/:id",
    schema: {
      summary: "Delete a reply template",
      description: "Admins only. An unknown template answers 404.",
      tags: ["Conversations"],
      security: tokenSecurity,
      params: templateIdParams,
      response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404) },
    },
  },

  mailbox: {
    method: "GET",
    url: "/api/mailbox",
    schema: {
      summary: "The mailbox and what was set aside",
      description:
        "Admins only. When the owner's mailbox (IMAP_URL) was last read, and the messages set " +
        "aside instead of imported, newest first, each with why: one that cannot be read (HTML " +
        "nested too deep, too many MIME parts, too slow to read) no longer stops the replies " +
        "after it, and one that claims a lead's address by its From alone while SPF, DKIM or " +
        "DMARC failed does not join the lead. They stay in the mailbox, untouched; entries are " +
        "kept 90 days.",
      tags: ["Conversations"],
      security: tokenSecurity,
      response: { 200: mailboxReport, ...errorResponses(401, 403) },
    },
  },
} as const satisfies Record<string, Endpoint>;
