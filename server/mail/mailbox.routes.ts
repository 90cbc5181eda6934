import type { FastifyInstance } from "fastify";
import { endpoints } from "../../domain/endpoints.ts";
import { typed } from "../api/contracts.ts";
import { mailboxKey } from "./mailbox.repository.ts";
import { listSetAside, mailboxSummary } from "./set-aside.repository.ts";

/**
 * `GET /api/mailbox`: how the owner's mailbox is read, and the messages set aside instead of
 * imported, with why (docs/conversations.md, "Reading the mailbox"). Registered in the admin
 * scope, which checks the admin and sets no-store. Never the mailbox's address or password.
 */
export async function mailboxRoutes(app: FastifyInstance) {
  const { db } = app;
  const { imap } = app.config;
  const key = imap ? mailboxKey(imap) : null;
  typed(app).route({
    ...endpoints.mailbox,
    handler: async () => {
      if (!key) return { watching: false, lastReadAt: null, setAside: 0, messages: [] };
      const [summary, messages] = await Promise.all([
        mailboxSummary(db, key),
        listSetAside(db, key),
      ]);
      return { watching: true, ...summary, messages };
    },
  });
}
