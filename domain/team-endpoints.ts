import * as z from "zod/mini";
import { type Endpoint, errorFor, errorResponses, tokenSecurity } from "./api.ts";
import { emptyBody, sessionResponse } from "./auth.ts";
import {
  acceptBody,
  assignmentBody,
  assignmentModes,
  invitationPreview,
  invitationTokenParams,
  inviteBody,
  leadOwners,
  memberParams,
  myAccount,
  roleBody,
  teamInvitation,
  teamList,
  teamMember,
  teamTexts,
  twoFactorPolicyBody,
  updateMeBody,
} from "./team.ts";

const ownersOnly = "Owners only.";
const invitationSent = z.object({
  invitation: teamInvitation,
  message: z.string(),
  link: z.optional(
    z
      .string()
      .check(z.describe("Only when this server sends no e-mail: the link, for the owner to send.")),
  ),
});
const gone = errorFor(
  `Used, withdrawn or expired: \`message\` says which ("${teamTexts.invitationUsed}", "${teamTexts.invitationRevoked}", "${teamTexts.invitationExpired}").`,
);

/** The team (docs/team.md): people, roles and invitations, spread into `endpoints`. */
export const teamEndpoints = {
  team: {
    method: "GET",
    url: "/api/team",
    schema: {
      summary: "The team",
      description:
        "Owners and members. Everyone on the team with their role, last sign-in and " +
        "availability, the owners first, and the invitations not yet accepted or withdrawn.",
      tags: ["Team"],
      security: tokenSecurity,
      response: { 200: teamList, ...errorResponses(401, 403) },
    },
  },

  invite: {
    method: "POST",
    url: "/api/team/invitations",
    schema: {
      summary: "Invite someone",
      description: `${ownersOnly} E-mails a link to /invite/{token} (through the outbox), good for 7 days and once. An open invitation to the same address is replaced. On a server without e-mail (no SMTP_URL or NOTIFY_EMAIL) nothing is sent and the answer carries the \`link\` for the owner to send.`,
      tags: ["Team"],
      security: tokenSecurity,
      body: inviteBody,
      response: {
        201: invitationSent,
        ...errorResponses(400, 401, 403, 409),
        409: errorFor(teamTexts.alreadyOnTeam),
      },
    },
  },

  resendInvitation: {
    method: "POST",
    url: "/api/team/invitations/:id/resend",
    schema: {
      summary: "Send an invitation again",
      description: `${ownersOnly} A new link, good for 7 days from now; the earlier one stops working. Without e-mail, the answer carries the \`link\`.`,
      tags: ["Team"],
      security: tokenSecurity,
      params: memberParams,
      body: emptyBody,
      response: {
        200: invitationSent,
        ...errorResponses(400, 401, 403, 404),
        404: errorFor(teamTexts.unknownInvitation),
      },
    },
  },

  revokeInvitation: {
    method: "DELETE",
    url: "/api/team/invitations/:id",
    schema: {
      summary: "Withdraw an invitation",
      description: `${ownersOnly} Its link stops working at once.`,
      tags: ["Team"],
      security: tokenSecurity,
      params: memberParams,
      response: {
        200: z.object({ message: z.string() }),
        ...errorResponses(400, 401, 403, 404),
        404: errorFor(teamTexts.unknownInvitation),
      },
    },
  },

  invitation: {
    method: "GET",
    url: "/api/team/invitations/:token",
    schema: {
      summary: "An invitation, as its link shows it",
      description:
        "No login: the token is the key. Whom it is for, the role, who invited and whether an " +
        "account with that e-mail exists (then it is accepted by logging in).",
      tags: ["Team"],
      params: invitationTokenParams,
      response: {
        200: invitationPreview,
        ...errorResponses(400, 404),
        404: errorFor(teamTexts.invitationUnknown),
        410: gone,
      },
    },
  },

  acceptInvitation: {
    method: "POST",
    url: "/api/team/invitations/:token/accept",
    schema: {
      summary: "Accept an invitation",
      description:
        "No login: the token is the key. A new account gives `password`, `first_name` and " +
        "`last_name`; an existing one (the preview's `hasAccount`) its own `password`. Answers " +
        "the login's body, signed in, with the invitation's role. 10 per address per 10 minutes.",
      tags: ["Team"],
      params: invitationTokenParams,
      body: acceptBody,
      response: {
        200: sessionResponse,
        ...errorResponses(400, 401, 404, 409),
        401: errorFor(teamTexts.wrongPassword),
        404: errorFor(teamTexts.invitationUnknown),
        409: errorFor("Someone signed up with the address a moment ago: log in to accept."),
        410: gone,
      },
    },
  },

  me: {
    method: "GET",
    url: "/api/team/me",
    schema: {
      summary: "Your own account on the team",
      description: "Anyone on the team: their entry, and whether two-factor sign-in is on.",
      tags: ["Team"],
      security: tokenSecurity,
      response: { 200: myAccount, ...errorResponses(401, 403) },
    },
  },

  updateMe: {
    method: "PUT",
    url: "/api/team/me",
    schema: {
      summary: "Change your name or availability",
      description:
        "Anyone on the team, for themselves: `available` (false while away), `firstName`, " +
        "`lastName`; what is left out stays.",
      tags: ["Team"],
      security: tokenSecurity,
      body: updateMeBody,
      response: { 200: myAccount, ...errorResponses(400, 401, 403) },
    },
  },

  changeRole: {
    method: "PUT",
    url: "/api/team/members/:id",
    schema: {
      summary: "Change someone's role",
      description: `${ownersOnly} Takes effect on their next request. The last owner stays an owner.`,
      tags: ["Team"],
      security: tokenSecurity,
      params: memberParams,
      body: roleBody,
      response: {
        200: z.object({ member: teamMember }),
        ...errorResponses(400, 401, 403, 404, 409),
        404: errorFor(teamTexts.unknownMember),
        409: errorFor(teamTexts.lastOwner),
      },
    },
  },

  leadOwners: {
    method: "GET",
    url: "/api/team/lead-owners",
    schema: {
      summary: "Who can be given leads",
      description:
        "Owners and members: the people a lead's `AssignedTo` may name, with their availability, " +
        "and how new leads get their owner.",
      tags: ["Team"],
      security: tokenSecurity,
      response: { 200: leadOwners, ...errorResponses(401, 403) },
    },
  },

  setAssignment: {
    method: "PUT",
    url: "/api/team/assignment",
    schema: {
      summary: "Choose how new leads get their owner",
      description: `${ownersOnly} \`manual\`: new leads are no one's until someone gives them out. \`round-robin\`: each new lead (a form, a booking, a registration) goes to the next available owner or member, in turn, fairly across instances; someone away (\`PUT /api/team/me { available: false }\`) is skipped until they are back.`,
      tags: ["Team"],
      security: tokenSecurity,
      body: assignmentBody,
      response: {
        200: z.object({ mode: z.enum(assignmentModes), message: z.string() }),
        ...errorResponses(400, 401, 403),
      },
    },
  },

  setTwoFactorPolicy: {
    method: "PUT",
    url: "/api/team/two-factor",
    schema: {
      summary: "Require two-factor sign-in of everyone",
      description: `${ownersOnly} \`{ required: true }\`: from the next request, anyone on the team without two-factor sign-in can only reach their own account (\`GET\`/\`PUT /api/team/me\` and the setup under \`/api/auth/mfa\`) until they set it up, every other call answers 403, and no one can turn theirs off. The owner turning it on must have it on already (409).`,
      tags: ["Team"],
      security: tokenSecurity,
      body: twoFactorPolicyBody,
      response: {
        200: z.object({ required: z.boolean(), message: z.string() }),
        ...errorResponses(400, 401, 403, 409),
        409: errorFor(teamTexts.twoFactorYourselfFirst),
      },
    },
  },

  removeMember: {
    method: "DELETE",
    url: "/api/team/members/:id",
    schema: {
      summary: "Remove someone from the team",
      description: `${ownersOnly} Ends every session they have at once, on every instance (their access and refresh tokens are refused from the next request), and gives their open leads back to no one, each with a history line. Their account stays, without access.`,
      tags: ["Team"],
      security: tokenSecurity,
      params: memberParams,
      response: {
        200: z.object({ message: z.string() }),
        ...errorResponses(400, 401, 403, 404, 409),
        404: errorFor(teamTexts.unknownMember),
        409: errorFor(teamTexts.lastOwner),
      },
    },
  },

  resetTwoFactor: {
    method: "DELETE",
    url: "/api/team/members/:id/two-factor",
    schema: {
      summary: "Reset someone's two-factor sign-in",
      description: `${ownersOnly} For someone who lost their phone and their recovery codes: their authenticator app's secret, recovery codes and passkeys stop working, and every session they have ends at once, on every instance. They sign in with their password alone and, while the team requires it, set two-factor up again before anything else. Not for yourself (409): yours changes on Your account, with a code.`,
      tags: ["Team"],
      security: tokenSecurity,
      params: memberParams,
      response: {
        200: z.object({ message: z.string(), member: teamMember }),
        ...errorResponses(400, 401, 403, 404, 409),
        404: errorFor(teamTexts.unknownMember),
        409: errorFor(teamTexts.resetOwnTwoFactor),
      },
    },
  },
} as const satisfies Record<string, Endpoint>;
