import * as z from "zod/mini";
import { type Endpoint, errorResponses, tokenSecurity } from "./api.ts";
import { emptyBody } from "./auth.ts";
import {
  conversation,
  leadMessage,
  messageParams,
  messageTemplate,
  newMessage,
  templateBody,
  templateIdParams,
} from "./conversation.ts";
import { leadIdParams, leadRecord } from "./lead-record.ts";

/** The conversations API (issue 26), spread into `endpoints` (domain/endpoints.ts). */
export const conversationEndpoints = {
  leadMessages: {
    method: "GET",
    url: "/api/leads/:id/messages",
    schema: {
      summary: "A lead's conversation",
      description:
        "Admins only. The e-mails sent to the visitor (the instant reply and the owner's " +
        "messages, with their delivery status) and the replies that came back, oldest first. " +
        "Text only: a reply's HTML is converted, its attachments only named.",
      tags: ["Conversations"],
      security: tokenSecurity,
      params: leadIdParams,
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
} as const satisfies Record<string, Endpoint>;
