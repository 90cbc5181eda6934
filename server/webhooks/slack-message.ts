import type { WebhookEvent } from "../../domain/webhooks.ts";
import { leadUrl } from "../notifications/outgoing-email.ts";

/**
 * A delivery as Slack's incoming webhooks take it (`{ text, blocks }`): one line saying what
 * happened, and a link to the lead (docs/integrations.md, "Slack"). Slack reads `<`, `>` and
 * `&` as markup, so what a visitor typed is escaped.
 */

const escapeSlack = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

const headlines: Record<WebhookEvent, string> = {
  "lead.created": "New lead",
  "lead.updated": "Lead changed",
  "lead.won": "Lead won",
  "lead.lost": "Lead lost",
  "booking.created": "Call booked",
  "booking.rescheduled": "Call moved",
  "booking.cancelled": "Call cancelled",
  "registration.created": "New registration",
  "message.received": "Reply received",
};

const excerpt = (text: string, length = 120) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length).trimEnd()}…` : flat;
};

type Fields = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The lead a payload's data is about: the data itself (lead.*), or its `lead`. */
const leadOf = (data: Fields): Fields =>
  typeof data.lead === "object" && data.lead !== null ? (data.lead as Fields) : data;

export function slackMessage(
  payload: { type: WebhookEvent; data: Fields },
  siteUrl: string,
): { text: string; blocks: object[] } {
  const lead = leadOf(payload.data);
  // Leads and meetings name people as the API does (FirstName), registrations as theirs do.
  const name =
    `${text(lead.FirstName) || text(lead.firstName)} ${text(lead.LastName) || text(lead.lastName)}`.trim() ||
    text(lead.from) ||
    "Someone";
  const email = text(lead.Email) || text(lead.email);
  const from = text(lead.SourcePage);
  const said = excerpt(text(payload.data.text) || text(lead.Message));
  const leadId = payload.type.startsWith("lead.")
    ? text(lead.ID)
    : text(payload.data.LeadID) || text(payload.data.leadId);
  const parts = [
    `${headlines[payload.type]}: ${name}`,
    email ? ` (${email})` : "",
    from && payload.type === "lead.created" ? ` from ${from}` : "",
    said ? ` — '${said}'` : "",
  ];
  const line = parts.join("");
  const link = leadId ? leadUrl(siteUrl, leadId) : "";
  const blocks: object[] = [
    { type: "section", text: { type: "mrkdwn", text: escapeSlack(line) } },
    ...(link
      ? [
          {
            type: "context",
            elements: [{ type: "mrkdwn", text: `<${link}|Open the lead>` }],
          },
        ]
      : []),
  ];
  return { text: link ? `${line} ${link}` : line, blocks };
}
