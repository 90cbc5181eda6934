import type { Transaction } from "kysely";
import { dateTimeLabel } from "../../domain/dates.ts";
import type { StoredLead } from "../../domain/lead-record.ts";
import { site } from "../../domain/site.ts";
import type { Database } from "../db/schema.ts";
import { enqueueOutbox } from "../notifications/outbox.repository.ts";
import type { OutboxKinds } from "../notifications/outbox.ts";
import { leadUrl, type OutgoingEmail, oneLine } from "../notifications/outgoing-email.ts";
import { findLead } from "./lead-lists.repository.ts";

/** Queues the owner's e-mail about a new lead, in the transaction that stores the lead. */
export async function enqueueLeadNotification(
  trx: Transaction<Database>,
  leadId: string,
  now: Date,
): Promise<void> {
  await enqueueOutbox(trx, {
    kind: "lead-notification",
    leadId,
    dedupeKey: null,
    payload: { leadId },
    now,
  });
}

/**
 * The owner's notification for one lead. It goes only to NOTIFY_EMAIL; the visitor's
 * (validated) address is the Reply-To, never a recipient. The Message-ID is derived from
 * the lead, so a retry after an uncertain failure is recognisable as the same message.
 */
export function leadNotification(
  lead: StoredLead,
  {
    notifyEmail,
    siteUrl,
    timeZone = "UTC",
    now = new Date(),
  }: { notifyEmail: string; siteUrl: string; timeZone?: string; now?: Date },
): OutgoingEmail {
  const name = oneLine(`${lead.FirstName} ${lead.LastName}`);
  const host = new URL(siteUrl).hostname || "localhost";
  return {
    from: { name: `${site.name} website`, address: notifyEmail },
    to: notifyEmail,
    replyTo: { name, address: lead.Email },
    subject: oneLine(`New lead: ${name}`),
    messageId: `<lead-${lead.ID}@${host}>`,
    text: [
      `${name} <${lead.Email}> sent a request through the website.`,
      "",
      lead.Message ? lead.Message : "(No message.)",
      "",
      `Page: ${lead.SourcePage ?? "unknown"}`,
      // On the owner's clock, read at a glance; the year only when it is not this year's (a
      // lead brought back from Spam keeps its arrival time).
      `Received: ${dateTimeLabel(lead.CreatedAt, timeZone, now)}`,
      `Lead: ${leadUrl(siteUrl, lead.ID)}`,
      "",
      "Reply to this email to answer them directly.",
    ].join("\n"),
  };
}

/** The outbox's lead notification: made as the lead is when it is sent, unless it is gone. */
export const leadOutbox: OutboxKinds = {
  "lead-notification": async (row, { db, ...settings }) => {
    const lead = row.lead_id ? await findLead(db, row.lead_id) : undefined;
    return lead ? { email: leadNotification(lead, settings) } : { skip: "the lead is gone" };
  },
};
