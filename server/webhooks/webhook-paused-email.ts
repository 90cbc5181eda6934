import { site } from "../../domain/site.ts";
import { paragraphsHtml } from "../notifications/email-html.ts";
import type { OutboxKinds } from "../notifications/outbox.ts";
import { oneLine } from "../notifications/outgoing-email.ts";

/** The outbox kind of the e-mail telling the owner a webhook was paused. */
export const webhookPausedKind = "webhook-paused";

/**
 * "A webhook was paused": sent to the owner (NOTIFY_EMAIL) when a receiver answered 410 or
 * every retry failed, with where to resume it (docs/integrations.md).
 */
export const webhookPausedOutbox: OutboxKinds = {
  [webhookPausedKind]: async (row, { notifyEmail, siteUrl }) => {
    const { url, reason } = JSON.parse(row.payload) as { url: string; reason: string };
    const host = new URL(siteUrl).hostname || "localhost";
    let shown = url;
    try {
      shown = new URL(url).host;
    } catch {}
    const lines = [
      `The webhook to ${shown} is paused: nothing more is sent to it.`,
      "",
      reason,
      "",
      `Check the receiver, then resume it under Settings, Webhooks: ${siteUrl}/admin/settings`,
    ];
    return {
      email: {
        from: { name: site.name, address: notifyEmail },
        to: notifyEmail,
        subject: oneLine(`Webhook paused: ${shown}`),
        text: lines.join("\n"),
        html: paragraphsHtml(lines),
        messageId: `<webhook-paused-${row.id}@${host}>`,
      },
    };
  },
};
