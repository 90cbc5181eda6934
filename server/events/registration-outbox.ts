import { registrationLinkPath } from "../../domain/event-texts.ts";
import { type ConversationMail, visitorSender } from "../mail/message-outbox.ts";
import type { OutboxKinds } from "../notifications/outbox.ts";
import {
  registrationCanceledEmail,
  registrationChangedEmail,
  registrationEmail,
} from "./registration-email.ts";
import { registrationLinkToken } from "./registration-link.ts";
import { findRegistration, type RegistrationEmailPayload } from "./registrations.repository.ts";

/**
 * The outbox's registration e-mails: a registration's confirmation (ADR 026) and its event's
 * changes (docs/decisions/034), while the registration still stands, or its cancellation, to
 * whom it was canceled for. A change is sent as it was queued; one overtaken by a later change
 * (a higher SEQUENCE) is skipped, since its invite would only be replaced.
 */
export const registrationOutbox = (
  manageKey: Uint8Array | undefined,
  mail: ConversationMail | undefined,
): OutboxKinds => ({
  "event-registration": async (row, { db, notifyEmail, siteUrl, now }) => {
    const payload = JSON.parse(row.payload) as RegistrationEmailPayload;
    const emailSettings = {
      notifyEmail,
      // The row's lead: a registration always makes one, and its answers thread there.
      sender: mail && row.lead_id ? visitorSender(mail, row.lead_id) : undefined,
      siteUrl,
      now,
      outboxId: row.id,
    };
    if (payload.canceled)
      return {
        email: registrationCanceledEmail(
          { id: payload.registrationId, ...payload.canceled },
          payload.event,
          {
            ...emailSettings,
            sequence: payload.sequence ?? 1,
            eventCanceled: payload.canceled.event,
          },
        ),
      };
    const registration = await findRegistration(db, payload.registrationId);
    if (!registration) return { skip: "the registration is gone" };
    if (payload.changed && Number(registration.sequence) > (payload.sequence ?? 0))
      return { skip: "a later change of the event replaces it" };
    // The guest's own link to cancel; without a key (a bare test outbox), they reply instead.
    const manageUrl =
      manageKey &&
      `${siteUrl}${registrationLinkPath(registrationLinkToken(manageKey, registration.id))}`;
    const guest = {
      id: registration.id,
      email: registration.email,
      firstName: registration.first_name,
      lastName: registration.last_name,
      seats: Number(registration.seats),
    };
    const settings = { ...emailSettings, ...(manageUrl ? { manageUrl } : {}) };
    const { changed } = payload;
    return {
      email: changed
        ? registrationChangedEmail(
            guest,
            { ...payload, changed },
            { ...settings, sequence: payload.sequence ?? 1 },
          )
        : registrationEmail(guest, payload, settings),
    };
  },
});
