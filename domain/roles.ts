import type { endpoints } from "./endpoints.ts";

/**
 * The studio's team (docs/product.md, "Roles"): an owner does everything; a member works
 * leads, conversations, bookings and the pipeline; an editor the site's content and media
 * only. An account without one of these roles (a sign-up) has no access to the admin.
 */
export const teamRoles = ["owner", "member", "editor"] as const;
export type TeamRole = (typeof teamRoles)[number];
/** What the users table holds: a team role, or "user" for an account without access. */
export type AccountRole = TeamRole | "user";

export const isTeamRole = (role: string | null | undefined): role is TeamRole =>
  (teamRoles as readonly string[]).includes(role ?? "");

/**
 * The endpoints that take an access token and answer for themselves (the account calls): any
 * signed-in account, on the team or not, for itself alone: its session, two-factor sign-in,
 * its password and its sessions (docs/team.md, "Your own account"). Every role of the team
 * may call them, and so may an account without one.
 */
type AccountEndpoint =
  | "verifyLogin"
  | "admin"
  | "startTotp"
  | "confirmTotp"
  | "disableTotp"
  | "passkeyRegistrationOptions"
  | "addPasskey"
  | "passkeys"
  | "removePasskey"
  | "changePassword"
  | "sessions"
  | "endSession"
  | "endOtherSessions";

/** Every endpoint behind the admin guard. */
export type TeamEndpoint = {
  [Name in keyof typeof endpoints]: (typeof endpoints)[Name]["schema"] extends {
    security: unknown;
  }
    ? Name extends AccountEndpoint
      ? never
      : Name
    : never;
}[keyof typeof endpoints];

const everyone = ["owner", "member", "editor"] as const satisfies readonly TeamRole[];
const leadWork = ["owner", "member"] as const satisfies readonly TeamRole[];
const ownerOnly = ["owner"] as const satisfies readonly TeamRole[];
const siteWork = everyone;

/**
 * Who may call each endpoint: the one table the server enforces (server/auth/guards.ts) and
 * the admin's navigation reads. A new endpoint fails to type-check until it is placed here.
 * The reasons are in docs/decisions/035-team-roles.md.
 */
export const endpointRoles: Record<TeamEndpoint, readonly TeamRole[]> = {
  // The owner's clock and what is set up: every admin screen reads it.
  settings: everyone,

  newLeads: leadWork,
  oldLeads: leadWork,
  dueLeads: leadWork,
  leadChanges: leadWork,
  lead: leadWork,
  exportLeads: leadWork,
  stats: leadWork,
  updateLead: leadWork,
  bulkUpdate: leadWork,
  leadHistory: leadWork,
  leadDuplicates: leadWork,
  mergeLead: leadWork,
  pipeline: leadWork,
  insights: leadWork,
  bulkSpam: leadWork,
  bulkNotSpam: leadWork,
  spamLeads: leadWork,
  notSpam: leadWork,
  markSpam: leadWork,
  // Erasure cannot be undone: the owner decides it.
  bulkErase: ownerOnly,
  eraseLead: ownerOnly,
  // Imports add and fill in leads; a member may undo only their own (checked by the route).
  importLeads: leadWork,
  undoImport: leadWork,

  bookingAvailability: leadWork,
  saveAvailability: ownerOnly,
  meetings: leadWork,
  cancelMeeting: leadWork,

  leadMessages: leadWork,
  sendLeadMessage: leadWork,
  retryLeadMessage: leadWork,
  readLeadMessages: leadWork,
  mailbox: leadWork,
  templates: leadWork,
  createTemplate: ownerOnly,
  updateTemplate: ownerOnly,
  deleteTemplate: ownerOnly,

  // Registrations are people's names and addresses: lead work, not content.
  events: leadWork,
  eventRegistrations: leadWork,
  cancelEventRegistration: leadWork,
  messageRegistrants: leadWork,
  exportEventRegistrations: leadWork,

  mediaLibrary: siteWork,
  uploadMedia: siteWork,
  updateMedia: siteWork,
  deleteMedia: siteWork,
  contentEntries: siteWork,
  createContent: siteWork,
  contentEntry: siteWork,
  saveContent: siteWork,
  deleteContent: siteWork,
  publishContent: siteWork,
  unpublishContent: siteWork,
  contentRevisions: siteWork,
  contentRevision: siteWork,
  restoreContentRevision: siteWork,
  createPreviewLink: siteWork,
  previewLinks: siteWork,
  revokePreviewLink: siteWork,
  siteSettings: siteWork,
  // The studio's name, address and home page: studio-wide.
  saveSiteSettings: ownerOnly,

  // Members see who is on the team (to give a lead to one of them); only owners change it.
  team: leadWork,
  invite: ownerOnly,
  resendInvitation: ownerOnly,
  revokeInvitation: ownerOnly,
  changeRole: ownerOnly,
  removeMember: ownerOnly,
  resetTwoFactor: ownerOnly,
  // Who a lead can be given to; how new leads are given out is the owners' choice.
  leadOwners: leadWork,
  setAssignment: ownerOnly,
  setTwoFactorPolicy: ownerOnly,
  audit: ownerOnly,
  // Webhooks send lead data out of the studio, signed with a secret: the owner's choice.
  webhooks: ownerOnly,
  createWebhook: ownerOnly,
  updateWebhook: ownerOnly,
  deleteWebhook: ownerOnly,
  webhookDeliveries: ownerOnly,
  replayWebhookDelivery: ownerOnly,
  // Everyone's own name, availability and two-factor state.
  me: everyone,
  updateMe: everyone,
};

export const mayCall = (role: string | null | undefined, endpoint: TeamEndpoint) =>
  isTeamRole(role) && endpointRoles[endpoint].includes(role);

/**
 * The admin's screens and who sees each: the navigation shows a role its own, and opening
 * another sends it to its first. The server's table above is what protects the data; this
 * only keeps a role from screens that would answer it 403.
 */
export const adminSections = [
  { to: "/admin", label: "Overview", roles: leadWork },
  { to: "/admin/leads", label: "Leads", roles: leadWork },
  { to: "/admin/pipeline", label: "Pipeline", roles: leadWork },
  { to: "/admin/insights", label: "Insights", roles: leadWork },
  { to: "/admin/events", label: "Events", roles: leadWork },
  { to: "/admin/content", label: "Site", roles: siteWork },
  { to: "/admin/spam", label: "Spam", roles: leadWork },
  { to: "/admin/team", label: "Team", roles: ownerOnly },
  { to: "/admin/settings", label: "Settings", roles: ownerOnly },
  // Opened from the Team screen, not a tab of its own.
  { to: "/admin/audit", label: "Audit log", roles: ownerOnly, tab: false },
  // Opened from the account's name in the header.
  { to: "/admin/account", label: "Your account", roles: everyone, tab: false },
] as const satisfies readonly {
  to: string;
  label: string;
  roles: readonly TeamRole[];
  tab?: false;
}[];

/** The tabs `role` sees, in order; its first is where it starts. */
export const sectionsFor = (role: TeamRole) =>
  adminSections.filter(
    (section) => !("tab" in section) && (section.roles as readonly TeamRole[]).includes(role),
  );

/** The section a path belongs to: the longest `to` it starts with. */
const sectionOf = (pathname: string) =>
  [...adminSections]
    .sort((a, b) => b.to.length - a.to.length)
    .find((section) => pathname === section.to || pathname.startsWith(`${section.to}/`));

/** Where `role` goes instead of `pathname`, or null when it may stay. */
export function adminRedirectFor(role: TeamRole, pathname: string): string | null {
  const section = sectionOf(pathname.replace(/\/$/, "") || "/");
  if (!section || (section.roles as readonly TeamRole[]).includes(role)) return null;
  return sectionsFor(role)[0]?.to ?? "/access-denied";
}
