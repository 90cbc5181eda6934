import type { FastifyInstance } from "fastify";
import { todayIn } from "../../domain/dates.ts";
import { endpoints } from "../../domain/endpoints.ts";
import { typed } from "../api/contracts.ts";
import { loadSiteSettings } from "../content/site-settings.repository.ts";

/**
 * `GET /api/settings`: the owner's clock, for what the admin screens call today, and how mail
 * and the calendar are set up (never an address's password or a server's URL), and the
 * studio's name for the admin's header.
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
      // Read each time: another instance may have saved a new name a moment ago.
      studioName: (await loadSiteSettings(app.db)).settings.studioName,
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
