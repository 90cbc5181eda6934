import { dateTimeLabel } from "../../domain/dates.ts";
import { site } from "../../domain/site.ts";
import { invitationDays, roleDescriptions } from "../../domain/team.ts";
import { paragraphsHtml } from "../notifications/email-html.ts";
import type { OutboxKinds } from "../notifications/outbox.ts";
import { type OutgoingEmail, oneLine } from "../notifications/outgoing-email.ts";
import { invitationToken } from "./invitation-token.ts";
import {
  findInvitation,
  type InvitationEmailPayload,
  invitationClosed,
  invitationKind,
} from "./invitations.repository.ts";
import { nameOf } from "./team.repository.ts";

/** The invitation e-mail: who invites, to what, the link and until when it works. */
export function invitationEmail(input: {
  to: string;
  role: keyof typeof roleDescriptions;
  invitedBy: string | null;
  link: string;
  expiresAt: Date;
  from: string;
  timeZone: string;
  now: Date;
  messageId: string;
}): OutgoingEmail {
  const who = input.invitedBy ?? `The ${site.name} team`;
  const lines = [
    `${who} invites you to join ${site.name}'s team as ${roleDescriptions[input.role]}.`,
    "",
    `Accept and choose your password here: ${input.link}`,
    "",
    `The link works once, for ${invitationDays} days (until ${dateTimeLabel(input.expiresAt.toISOString(), input.timeZone, input.now)}). If you already have an account with this address, you can log in with it there instead.`,
    "",
    "If you did not expect this, ignore it: nothing happens until the link is used.",
  ];
  return {
    from: { name: `${site.name}`, address: input.from },
    to: input.to,
    subject: oneLine(`${who} invites you to ${site.name}`),
    text: lines.join("\n"),
    html: paragraphsHtml(lines),
    messageId: input.messageId,
  };
}

/**
 * The outbox's invitation e-mails. The link is made now from the key and the row's nonce; a row
 * whose invitation was sent again since (a new nonce), withdrawn, accepted or expired sends
 * nothing, so an old link never goes out late.
 */
export const teamOutbox = (key: Uint8Array | undefined): OutboxKinds => ({
  [invitationKind]: async (row, { db, notifyEmail, siteUrl, timeZone, now }) => {
    if (!key) return { skip: "no key to make the link with" };
    const payload = JSON.parse(row.payload) as InvitationEmailPayload;
    const invitation = await findInvitation(db, payload.invitationId);
    if (!invitation) return { skip: "the invitation is gone" };
    if (invitation.nonce !== payload.nonce) return { skip: "it was sent again with a new link" };
    const closed = invitationClosed(invitation, now);
    if (closed) return { skip: `the invitation is ${closed}` };
    const token = invitationToken(key, invitation.id, invitation.nonce);
    const host = new URL(siteUrl).hostname || "localhost";
    return {
      email: invitationEmail({
        to: invitation.email,
        role: invitation.role,
        invitedBy: await nameOf(db, invitation.invited_by),
        link: `${siteUrl}/invite/${token}`,
        expiresAt: new Date(invitation.expires_at),
        from: notifyEmail,
        timeZone,
        now,
        messageId: `<invitation-${invitation.id}-${invitation.nonce}@${host}>`,
      }),
    };
  },
});
