import * as z from "zod/mini";
import { isoTimestamp } from "./api.ts";
import { authTexts, personName } from "./auth.ts";
import { isValidEmail } from "./email.ts";
import { uuidPattern } from "./lead-record.ts";
import { limits } from "./limits.ts";
import { type TeamRole, teamRoles } from "./roles.ts";

/** The studio's team (docs/team.md): its people, invitations and the texts they answer with. */
export const teamTexts = Object.freeze({
  badRole: "Choose a role: owner, member or editor.",
  badId: "That is not the ID of anyone on the team.",
  unknownMember: "Nobody on the team has that ID.",
  unknownInvitation: "No open invitation has that ID.",
  alreadyOnTeam: "That person is already on the team: change their role instead.",
  lastOwner: "The team must keep at least one owner: make someone else an owner first.",
  invitationUnknown:
    "This invitation link is not valid. If a newer invitation e-mail came, use its link; otherwise ask the studio's owner for a new one.",
  invitationUsed: "This invitation has already been accepted. Log in instead.",
  invitationRevoked: "This invitation was withdrawn. Ask the studio's owner for a new one.",
  invitationExpired: "This invitation has expired. Ask the studio's owner to send it again.",
  wrongPassword: "That is not this account's password.",
  linkToSend: (email: string) =>
    `E-mail is not set up on this server (SMTP_URL and NOTIFY_EMAIL), so nothing was sent: send ${email} this link yourself. It works once, for 7 days.`,
  invited: (email: string) => `Invitation sent to ${email}.`,
  resent: (email: string) => `Invitation sent to ${email} again; the earlier link no longer works.`,
  revoked: (email: string) => `The invitation to ${email} is withdrawn.`,
  removed: (name: string) => `${name} is no longer on the team; their sessions have ended.`,
  removedWithLeads: (name: string, leads: number) =>
    `${name} is no longer on the team; their sessions have ended, and their ${
      leads === 1 ? "open lead is" : `${leads} open leads are`
    } no one's now.`,
  twoFactorReset: (name: string) =>
    `${name}'s two-factor sign-in is reset and their sessions have ended: they sign in with their password and set it up again.`,
  resetOwnTwoFactor:
    "Your own two-factor sign-in is yours to change, on Your account, with a code or a passkey.",
  noTwoFactorToReset: "That person has no two-factor sign-in to reset.",
  badMode: 'Choose how new leads get their owner: "manual" or "round-robin".',
  twoFactorYourselfFirst:
    "Turn on two-factor sign-in for yourself first (Your account), then require it of everyone.",
  twoFactorRequired: (without: number) =>
    without === 0
      ? "Two-factor sign-in is now required, and everyone has it on."
      : `Two-factor sign-in is now required. ${
          without === 1 ? "One person has" : `${without} people have`
        } to set it up before they can do anything else.`,
  twoFactorOptional: "Two-factor sign-in is now up to each person.",
  modeSet: (mode: AssignmentMode) =>
    mode === "round-robin"
      ? "New leads now go to the next available owner or member, in turn."
      : "New leads now wait for someone to take them.",
});

/**
 * How a new lead (a form, a booking, a registration) gets its owner: by hand, or round-robin
 * between the owners and members who are available (docs/team.md, "Whose lead is it").
 */
export const assignmentModes = ["manual", "round-robin"] as const;
export type AssignmentMode = (typeof assignmentModes)[number];

export const assignmentBody = z.object(
  { mode: z.enum(assignmentModes, { error: teamTexts.badMode }) },
  { error: teamTexts.badMode },
);

/** Someone a lead can be given to: an owner or member of the team. */
export const leadOwner = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    available: z.boolean(),
  })
  .register(z.globalRegistry, {
    id: "LeadOwner",
    description: "An owner or member of the team, who can be given leads.",
  });
export type LeadOwner = z.output<typeof leadOwner>;

export const leadOwners = z.object({
  people: z.array(leadOwner).check(z.describe("Owners and members, by name.")),
  mode: z.enum(assignmentModes),
});
export type LeadOwners = z.output<typeof leadOwners>;

/** What each role may do, as the invitation's e-mail and page put it. */
export const roleDescriptions = Object.freeze({
  owner: "an owner: everything, including the team and the studio's settings",
  member: "a member: leads, conversations, bookings and the pipeline, and the site's content",
  editor: "an editor: the site's content and media",
} satisfies Record<TeamRole, string>);

/** How long an invitation's link works. */
export const invitationDays = 7;

export const teamRole = z.enum(teamRoles, { error: teamTexts.badRole });

export const teamMember = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(teamRoles),
    lastSignInAt: z.nullable(isoTimestamp),
    available: z.boolean().check(z.describe("Takes new leads in round-robin; false while away.")),
    twoFactor: z.optional(z.boolean().check(z.describe("Two-factor sign-in is on for them."))),
  })
  .register(z.globalRegistry, { id: "TeamMember", description: "Someone on the team." });
export type TeamMember = z.output<typeof teamMember>;

export const invitationStatuses = ["open", "expired"] as const;

export const teamInvitation = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(teamRoles),
    invitedBy: z.nullable(z.string().check(z.describe("The inviting owner's name."))),
    sentAt: isoTimestamp,
    expiresAt: isoTimestamp,
    status: z.enum(invitationStatuses),
  })
  .register(z.globalRegistry, {
    id: "TeamInvitation",
    description: "An invitation not yet accepted or withdrawn.",
  });
export type TeamInvitation = z.output<typeof teamInvitation>;

export const teamList = z.object({
  members: z.array(teamMember),
  invitations: z.array(teamInvitation),
  assignment: z.optional(
    z.enum(assignmentModes).check(z.describe("How new leads get their owner.")),
  ),
  twoFactorRequired: z.optional(
    z.boolean().check(z.describe("Everyone on the team must use two-factor sign-in.")),
  ),
});

export const twoFactorPolicyBody = z.object(
  {
    required: z
      .boolean({ error: "required is true or false." })
      .check(z.describe("True: everyone on the team must use two-factor sign-in.")),
  },
  { error: "Send { required: true } or { required: false }." },
);
export type TeamList = z.output<typeof teamList>;

export const inviteBody = z.object(
  {
    email: z
      .string({ error: authTexts.invalidEmail })
      .check(
        z.trim(),
        z.maxLength(limits.email, { error: authTexts.invalidEmail }),
        z.refine(isValidEmail, { error: authTexts.invalidEmail }),
      ),
    role: teamRole,
  },
  { error: authTexts.malformed },
);

export const roleBody = z.object({ role: teamRole }, { error: authTexts.malformed });

const idParam = z
  .string({ error: teamTexts.badId })
  .check(z.regex(uuidPattern, { error: teamTexts.badId }), z.toLowerCase());
export const memberParams = z.object({ id: idParam });

/** An invitation's token in its link: base64url, 43 characters. */
export const invitationTokenParams = z.object({
  token: z
    .string()
    .check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, { error: teamTexts.invitationUnknown })),
});

/** What the invitation page shows before anyone types. */
export const invitationPreview = z.object({
  email: z.string(),
  role: z.enum(teamRoles),
  invitedBy: z.nullable(z.string()),
  expiresAt: isoTimestamp,
  studio: z.string(),
  hasAccount: z
    .boolean()
    .check(z.describe("An account with this e-mail exists: accept by logging in with it.")),
});

/**
 * Accepting: a new account's password and name, or an existing account's password alone
 * (hasAccount).
 */
export const acceptBody = z.object(
  {
    password: z
      .string({ error: authTexts.invalidPassword })
      .check(
        z.minLength(8, { error: authTexts.invalidPassword }),
        z.maxLength(limits.password, { error: authTexts.invalidPassword }),
      ),
    first_name: z.optional(personName(authTexts.invalidFirstName)),
    last_name: z.optional(personName(authTexts.invalidLastName)),
  },
  { error: authTexts.malformed },
);

/** The signed-in person's own entry, and whether two-factor sign-in is on for them. */
export const myAccount = z.object({
  member: teamMember,
  twoFactor: z
    .boolean()
    .check(z.describe("Two-factor sign-in is on for this account: app codes or a passkey.")),
  totp: z.optional(
    z.boolean().check(z.describe("Codes from an authenticator app are on for this account.")),
  ),
});

/** What anyone on the team may change about themselves. */
export const updateMeBody = z.object(
  {
    available: z.optional(
      z
        .boolean({ error: "available is true or false." })
        .check(
          z.describe("False while away: round-robin gives no new leads until it is true again."),
        ),
    ),
    firstName: z.optional(personName(authTexts.invalidFirstName)),
    lastName: z.optional(personName(authTexts.invalidLastName)),
  },
  { error: authTexts.malformed },
);
