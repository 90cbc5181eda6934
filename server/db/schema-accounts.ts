import type { ColumnType, Generated } from "kysely";
import type { AccountRole, TeamRole } from "../../domain/roles.ts";
import type { Timestamp } from "./schema.ts";

/**
 * Accounts and the team's tables (ADR 008, 035, 036): users and their sessions, the login
 * throttle, invitations, two-factor recovery codes and the audit log, beside the rest of the
 * schema in schema.ts.
 */

export type UsersTable = {
  id: string;
  email: string;
  email_normalized: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  role: AccountRole;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Bumped by a password change or a promotion: access tokens of an older version stop working. */
  token_version: Generated<number>;
  last_sign_in_at: Timestamp | null;
  /** Takes new leads in round-robin; false while away. */
  available: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** Two-factor sign-in (server/auth/mfa.repository.ts): secrets encrypted, never plain. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: ColumnType<number | string | null, number | null, number | null>;
  mfa_enabled_at: Timestamp | null;
};

export type AuditLogTable = {
  id: string;
  at: Timestamp;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target: string | null;
  details: string | null;
};

export type MfaRecoveryCodesTable = {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
};

/** A passkey (WebAuthn credential) as a second factor (server/auth/passkeys.repository.ts). */
export type PasskeysTable = {
  id: string;
  user_id: string;
  /** The credential ID, base64url, as the authenticator names it in every assertion. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter last seen: one going backwards means a cloned authenticator. */
  counter: ColumnType<number | string, number, number>;
  /** JSON array of the transports the authenticator reported, or null. */
  transports: string | null;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
};

/** A WebAuthn challenge handed out, kept by its hash until it is used or 5 minutes pass. */
export type WebauthnChallengesTable = {
  challenge_hash: string;
  user_id: string;
  purpose: "register" | "login";
  expires_at: Timestamp;
};

export type TeamInvitationsTable = {
  id: string;
  email: string;
  email_normalized: string;
  role: TeamRole;
  nonce: string;
  token_hash: string;
  invited_by: string | null;
  created_at: Timestamp;
  sent_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  revoked_at: Timestamp | null;
};

export type RefreshTokensTable = {
  id: string;
  token_hash: string;
  user_id: string;
  family_id: string;
  parent_id: string | null;
  created_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  idle_expires_at: Timestamp;
  expires_at: Timestamp;
  /** The browser and address the token was issued to: its session's owner tells them apart. */
  user_agent: string | null;
  ip_address: string | null;
};

/** A "Forgot password?" link (docs/team.md): only its token's hash is stored. */
export type PasswordResetsTable = {
  id: string;
  user_id: string;
  nonce: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

export type LoginThrottleTable = {
  key: string;
  attempts: number;
  blocked_until: Timestamp | null;
  updated_at: Timestamp;
};

/**
 * The team's one assignment row (id 1): how new leads get an owner, and round-robin's turn.
 * `turn` goes up by one with every lead given out; instances advance it by compare-and-set.
 */
export type TeamAssignmentTable = {
  id: number;
  mode: "manual" | "round-robin";
  last_user_id: string | null;
  turn: ColumnType<number | string, number, number>;
};

/** The team's one policy row (id 1): whether everyone must use two-factor sign-in. */
export type TeamPolicyTable = {
  id: number;
  require_two_factor: ColumnType<boolean | number, boolean | undefined, boolean>;
};
