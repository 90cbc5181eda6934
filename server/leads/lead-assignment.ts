import type { Transaction } from "kysely";
import type { StoredLead } from "../../domain/lead-record.ts";
import { site } from "../../domain/site.ts";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { uuidv7Time } from "../db/uuid.ts";
import { paragraphsHtml } from "../notifications/email-html.ts";
import { enqueueOutbox } from "../notifications/outbox.repository.ts";
import type { OutboxKinds } from "../notifications/outbox.ts";
import { leadUrl, type OutgoingEmail, oneLine } from "../notifications/outgoing-email.ts";
import { findLead } from "./lead-lists.repository.ts";

/**
 * Whose lead it is (docs/team.md, "Whose lead is it"): who may own leads, and the e-mail that
 * tells someone a lead became theirs.
 */

type Trx = Db | Transaction<Database>;

/** The roles whose people may own leads: an editor never sees them. */
export const leadOwnerRoles = ["owner", "member"] as const;

/** The e-mail of a team member who may own leads, or undefined for anyone else. */
export async function leadOwnerEmail(db: Trx, id: string): Promise<string | undefined> {
  const user = await db
    .selectFrom("users")
    .select("email")
    .where("id", "=", id)
    .where("role", "in", leadOwnerRoles)
    .executeTakeFirst();
  return user?.email;
}

/** The e-mails of some accounts by ID (any role: history names people who have left too). */
export async function emailsOf(db: Trx, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom("users")
    .select(["id", "email"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}

export const assignmentKind = "lead-assigned";

/** How many leads an e-mail about several names; the rest are counted. */
const listedLeads = 20;

/**
 * An assignment e-mail still unsent after this long is dropped: news of a lead given out
 * yesterday, sent when e-mail is switched on at last, would only mislead.
 */
const assignmentNewsMs = 24 * 60 * 60 * 1000;

/**
 * Queues "these leads are yours now" for their new owner, in the transaction that assigns
 * them: one e-mail for one save, however many leads it gave them. `by`: who assigned them
 * (their ID), or null when round-robin did.
 */
export const enqueueAssignmentEmail = (
  trx: Trx,
  input: { leadIds: readonly string[]; userId: string; by: string | null; now: Date },
) =>
  enqueueOutbox(trx, {
    kind: assignmentKind,
    // One lead: erasing it takes the e-mail along. Several: each is read when it is sent.
    leadId: input.leadIds.length === 1 ? (input.leadIds[0] ?? null) : null,
    dedupeKey: null,
    payload: { userId: input.userId, by: input.by, leadIds: input.leadIds },
    now: input.now,
  });

const fullName = (lead: StoredLead) => oneLine(`${lead.FirstName} ${lead.LastName}`);

/** The e-mail to a new owner: whose leads, what the one lead wrote, and the links. */
export function assignmentEmail(
  leads: readonly StoredLead[],
  input: { to: string; by: string | null; from: string; siteUrl: string; messageId: string },
): OutgoingEmail {
  const [first] = leads;
  if (!first) throw new Error("an assignment e-mail needs a lead");
  const one = leads.length === 1;
  const name = fullName(first);
  const excerpt = oneLine(first.Message, 300);
  const lines = one
    ? [
        input.by
          ? `${input.by} gave you ${name}'s lead.`
          : `${name}'s lead just came in, and it is your turn (round-robin).`,
        "",
        excerpt ? `"${excerpt}"` : "(No message.)",
        "",
        `Lead: ${leadUrl(input.siteUrl, first.ID)}`,
      ]
    : [
        `${input.by ?? "Round-robin"} gave you ${leads.length} leads:`,
        "",
        ...leads
          .slice(0, listedLeads)
          .map((lead) => `${fullName(lead)}: ${leadUrl(input.siteUrl, lead.ID)}`),
        ...(leads.length > listedLeads
          ? ["", `and ${leads.length - listedLeads} more: ${input.siteUrl}/admin/leads?assigned=me`]
          : []),
      ];
  return {
    from: { name: site.name, address: input.from },
    to: input.to,
    subject: one ? oneLine(`${name}'s lead is yours`) : `${leads.length} leads are yours`,
    text: lines.join("\n"),
    html: paragraphsHtml(lines),
    messageId: input.messageId,
  };
}

/**
 * The outbox's assignment e-mails, made when sent: of the leads still there and still theirs
 * (not given to someone else since); nothing when none is, or when they have left the team.
 */
export const assignmentOutbox: OutboxKinds = {
  [assignmentKind]: async (row, { db, notifyEmail, siteUrl, now }) => {
    if (now.getTime() - uuidv7Time(row.id) > assignmentNewsMs) return { skip: "too late" };
    const { userId, by, leadIds } = JSON.parse(row.payload) as {
      userId: string;
      by: string | null;
      leadIds: string[];
    };
    const found = await Promise.all(leadIds.map((id) => findLead(db, id)));
    const leads = found.filter((lead) => lead?.AssignedTo === userId) as StoredLead[];
    if (!leads.length) return { skip: "the leads are gone or someone else's now" };
    const to = await leadOwnerEmail(db, userId);
    if (!to) return { skip: "they are no longer on the team" };
    const giver = by
      ? await db
          .selectFrom("users")
          .select(["first_name", "last_name", "email"])
          .where("id", "=", by)
          .executeTakeFirst()
      : undefined;
    const host = new URL(siteUrl).hostname || "localhost";
    return {
      email: assignmentEmail(leads, {
        to,
        by: giver ? `${giver.first_name} ${giver.last_name}`.trim() || giver.email : null,
        from: notifyEmail,
        siteUrl,
        messageId: `<assigned-${row.id}@${host}>`,
      }),
    };
  },
};
