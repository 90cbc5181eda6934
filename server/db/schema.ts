import type { ColumnType, Generated } from "kysely";
import type {
  AuditLogTable,
  LoginThrottleTable,
  MfaRecoveryCodesTable,
  PasskeysTable,
  PasswordResetsTable,
  RefreshTokensTable,
  TeamAssignmentTable,
  TeamInvitationsTable,
  TeamPolicyTable,
  UsersTable,
  WebauthnChallengesTable,
} from "./schema-accounts.ts";
import type {
  BookingSettingsTable,
  CalendarSyncTable,
  MeetingClaimsTable,
  MeetingDayPlacesTable,
  MeetingsTable,
} from "./schema-booking.ts";
import type {
  ContentEntriesTable,
  ContentImportsTable,
  ContentPreviewLinksTable,
  ContentRedirectsTable,
  ContentRevisionsTable,
  MediaFilesTable,
  MediaTable,
  RenderClaimsTable,
  RenderedPagesTable,
  RenderGenerationTable,
  SiteSettingsTable,
} from "./schema-content.ts";
import type { LeadImportChangesTable, LeadImportsTable } from "./schema-imports.ts";
import type { WebhookDeliveriesTable, WebhooksTable } from "./schema-webhooks.ts";

/** Timestamps are written as ISO strings; PostgreSQL reads them back as Date, SQLite as text. */
export type Timestamp = ColumnType<Date | string, string, string>;
/** SQLite stores booleans as 0/1. */
type Bool = ColumnType<boolean | number, boolean, boolean>;

export type LeadsTable = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  message: string;
  contacted_us: Bool;
  lead_status: string;
  comm_status: string;
  notes: string;
  source_page: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A calendar date, YYYY-MM-DD (PostgreSQL's date type is read back as that text). */
  next_follow_up: ColumnType<string | null, string | null | undefined, string | null>;
  referrer: ColumnType<string | null, string | null | undefined, string | null>;
  utm_source: ColumnType<string | null, string | null | undefined, string | null>;
  utm_medium: ColumnType<string | null, string | null | undefined, string | null>;
  utm_campaign: ColumnType<string | null, string | null | undefined, string | null>;
  /** One label for where the lead came from: utm_source, the referring site, or "direct". */
  source: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the visitor's latest reply came in, until the owner has read it. */
  reply_unread_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  /** The deal's estimated value in whole CURRENCY units (bigint: read back as text on PostgreSQL). */
  value: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** When the lead last entered CONVERTED or ABANDONED; null while open. */
  closed_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  /** The page the visit that became this lead entered the site on. */
  entry_page: ColumnType<string | null, string | null | undefined, string | null>;
  /** The team member whose lead it is (a user id), or null for no one. */
  assigned_to: ColumnType<string | null, string | null | undefined, string | null>;
};

/** A submission judged spam, kept for review (30 days) with the reason. */
export type SpamLeadsTable = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  message: string;
  source_page: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  source: string | null;
  reason: string;
  message_hash: string | null;
  created_at: Timestamp;
  flagged_at: Timestamp;
  /**
   * A lead the owner marked as spam, as it was: its statuses, notes, follow-up, last update
   * and history (JSON of its lead_events rows), so Not spam brings it back whole. All null
   * for a submission judged spam on arrival.
   */
  comm_status: ColumnType<string | null, string | null | undefined, string | null>;
  lead_status: ColumnType<string | null, string | null | undefined, string | null>;
  notes: ColumnType<string | null, string | null | undefined, string | null>;
  next_follow_up: ColumnType<string | null, string | null | undefined, string | null>;
  lead_updated_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  history: ColumnType<string | null, string | null | undefined, string | null>;
  /** The conversation (messages and unread reply) of a lead the owner moved here, as JSON. */
  conversation: ColumnType<string | null, string | null | undefined, string | null>;
  /** The redirects to a merged lead moved here (old_id, merged_at), as JSON (ADR 041). */
  redirects: ColumnType<string | null, string | null | undefined, string | null>;
  value: ColumnType<number | string | null, number | null | undefined, number | null>;
  closed_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  entry_page: ColumnType<string | null, string | null | undefined, string | null>;
  assigned_to: ColumnType<string | null, string | null | undefined, string | null>;
};

/** Actions on data that is gone (an erased lead): who, what, when; no personal data. */
export type AuditEventsTable = {
  id: string;
  /**
   * Erased for good; moved to Spam by the owner; brought back from Spam (Not spam, Undo);
   * merged into another lead (subject: the merged-away ID).
   */
  action: "lead.erased" | "lead.marked-spam" | "lead.restored" | "lead.merged";
  actor_id: string | null;
  actor_email: string;
  subject_id: string | null;
  created_at: Timestamp;
};

export type OutboxTable = {
  id: string;
  kind: string;
  lead_id: string | null;
  payload: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  sent_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  /** At most one row per kind and key (the daily digest: one per date). */
  dedupe_key: ColumnType<string | null, string | null | undefined, string | null>;
};

export type LeadEventsTable = {
  id: string;
  lead_id: string;
  actor_id: string | null;
  actor_email: string;
  field:
    | "CommStatus"
    | "LeadStatus"
    | "Notes"
    | "NextFollowUp"
    | "Meeting"
    | "Value"
    | "AssignedTo"
    | "Merged";
  from_value: string;
  to_value: string;
  created_at: Timestamp;
  /** How the change was made when not by hand: "sending" a message, or the visitor's "reply". */
  via: ColumnType<
    "sending" | "reply" | "round-robin" | "removal" | null,
    "sending" | "reply" | "round-robin" | "removal" | null | undefined,
    never
  >;
};

/** A lead merged into another: where its ID now points (ADR 041). */
export type LeadRedirectsTable = {
  old_id: string;
  kept_id: string;
  merged_at: Timestamp;
};

export type ServerSecretsTable = {
  name: string;
  value: string;
  created_at: Timestamp;
};

export type RateLimitCountersTable = {
  key: string;
  hits: number;
  reset_at: Timestamp;
};

/** An erasure whose removal from SQLite's write-ahead log is still to be done; nothing personal. */
export type DiskErasuresTable = {
  id: string;
  created_at: Timestamp;
};

/** A contact-form timing token already used, hashed, with its message's fingerprint. */
export type FormTokenUsesTable = {
  token_hash: string;
  fingerprint: string;
  expires_at: Timestamp;
};

/** An e-mail of a lead's conversation: sent to the visitor, or their reply. */
export type LeadMessagesTable = {
  id: string;
  lead_id: string;
  direction: "out" | "in";
  kind: "auto-reply" | "message" | "reply";
  from_address: string;
  to_address: string;
  subject: string;
  body: string;
  message_id: string;
  in_reply_to: string | null;
  references_header: string | null;
  status: "queued" | "sent" | "failed" | "received";
  error: string | null;
  /** JSON: [{ name, size }]. */
  attachments: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
};

export type MessageTemplatesTable = {
  id: string;
  name: string;
  subject: string;
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** The last instant reply an address got, by a keyed hash of the address. */
export type AutoRepliesTable = { address_hash: string; sent_at: Timestamp };

/** The watched mailbox: its lease, and how far it has been read. */
export type MailboxStateTable = {
  mailbox: string;
  holder: string | null;
  locked_until: Timestamp | null;
  uid_validity: string | null;
  last_uid: ColumnType<number | string, number | undefined, number>;
  checked_at: Timestamp | null;
};

/** A message of the watched mailbox set aside instead of imported, and why. */
export type MailSetAsideTable = {
  id: string;
  mailbox: string;
  uid_validity: string;
  uid: ColumnType<number | string, number, number>;
  size: ColumnType<number | string, number, number>;
  reason: "unreadable" | "unverified-sender";
  detail: string;
  from_address: string | null;
  subject: string | null;
  message_id: string | null;
  created_at: Timestamp;
};

/** The day's secret for visitor hashes; deleted once the day is over. */
export type VisitKeysTable = { day: string; secret: string };
/** A visitor of a day (a keyed hash), the page they entered on and where they came from. */
export type VisitorsTable = {
  day: string;
  visitor: string;
  entry_path: string;
  source: string;
  created_at: Timestamp;
};
export type PageViewTotalsTable = {
  day: string;
  path: string;
  views: ColumnType<number | string, number, number>;
};
export type EntryTotalsTable = {
  day: string;
  entry_path: string;
  source: string;
  visitors: ColumnType<number | string, number, number>;
};

/** Seats taken at an event; its capacity is in the event's content (ADR 026). */
export type EventSeatsTable = {
  event_slug: string;
  taken: ColumnType<number | string, number | undefined, number>;
};
export type EventRegistrationsTable = {
  id: string;
  event_slug: string;
  lead_id: string;
  email: string;
  email_key: string;
  first_name: string;
  last_name: string;
  seats: ColumnType<number | string, number, number>;
  /** Who sent it, as client-caps.ts keys a client address; null before it was kept. */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** The SEQUENCE of the invite last sent for it: raised by each change of its event (ADR 034). */
  sequence: ColumnType<number | string, number | undefined, number>;
};

export type Database = {
  leads: LeadsTable;
  outbox: OutboxTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  lead_events: LeadEventsTable;
  lead_redirects: LeadRedirectsTable;
  login_throttle: LoginThrottleTable;
  spam_leads: SpamLeadsTable;
  audit_events: AuditEventsTable;
  team_invitations: TeamInvitationsTable;
  team_assignment: TeamAssignmentTable;
  team_policy: TeamPolicyTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
  server_secrets: ServerSecretsTable;
  rate_limit_counters: RateLimitCountersTable;
  disk_erasures: DiskErasuresTable;
  form_token_uses: FormTokenUsesTable;
  booking_settings: BookingSettingsTable;
  meetings: MeetingsTable;
  meeting_claims: MeetingClaimsTable;
  meeting_day_places: MeetingDayPlacesTable;
  calendar_sync: CalendarSyncTable;
  lead_messages: LeadMessagesTable;
  message_templates: MessageTemplatesTable;
  auto_replies: AutoRepliesTable;
  mailbox_state: MailboxStateTable;
  mail_set_aside: MailSetAsideTable;
  visit_keys: VisitKeysTable;
  visitors: VisitorsTable;
  page_view_totals: PageViewTotalsTable;
  entry_totals: EntryTotalsTable;
  event_seats: EventSeatsTable;
  event_registrations: EventRegistrationsTable;
  content_entries: ContentEntriesTable;
  content_revisions: ContentRevisionsTable;
  content_redirects: ContentRedirectsTable;
  content_preview_links: ContentPreviewLinksTable;
  content_imports: ContentImportsTable;
  site_settings: SiteSettingsTable;
  media: MediaTable;
  media_files: MediaFilesTable;
  rendered_pages: RenderedPagesTable;
  render_claims: RenderClaimsTable;
  render_generation: RenderGenerationTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  lead_imports: LeadImportsTable;
  lead_import_changes: LeadImportChangesTable;
};

export const toIso = (value: Date | string): string => new Date(value).toISOString();
