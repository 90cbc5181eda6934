import type { FastifyInstance } from "fastify";
import { todayIn } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { typed } from "../api/contracts.ts";

/**
 * `GET /api/settings`: the owner's clock, for what the admin screens call today, and how mail
 * and the calendar are set up (never an address's password or a server's URL).
 */
export async function settingsRoutes(app: FastifyInstance) {
  const { timeZone, digestHour, mailFrom, autoReply, replyTo, imap, caldav, currency, staleDays } =
    app.config;
  const sending = app.outbox !== null && mailFrom !== undefined;
  const mail = {
    sending,
    from: mailFrom?.address ?? null,
    autoReply: sending && autoReply,
    replyToToken: Boolean(replyTo?.includes("{token}")),
    receiving: imap !== undefined,
  };
  typed(app).route({
    ...endpoints.settings,
    handler: async () => ({
      timeZone,
      today: todayIn(timeZone, app.clock()),
      digestHour,
      mail,
      currency,
      staleDays,
      calendar: caldav !== undefined,
    }),
  });
}
