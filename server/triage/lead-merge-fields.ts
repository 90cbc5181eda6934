import { mergeTexts } from "../../domain/lead-merge.ts";
import { isClosedStatus, type StoredLead } from "../../domain/lead-record.ts";

/**
 * What a merged lead holds, from the kept lead and the one merged into it
 * (docs/decisions/041-merging-leads.md, "Fields"). Nothing of the other lead may be lost: what
 * has no field of its own to go to (its notes, its first message, its name and address when
 * they differ) goes into the kept lead's notes under a heading.
 */

export type MergeKeep = {
  readonly LeadStatus?: "this" | "other";
  readonly CommStatus?: "this" | "other";
};

const time = (iso: string) => Date.parse(iso);
const filled = (value: string | null) => value !== null && value.trim() !== "";
/** The kept lead's value when it has one, else the other's. */
const either = <T extends string | null>(kept: T, other: T): T => (filled(kept) ? kept : other);
const earlier = (a: string | null, b: string | null) =>
  a === null ? b : b === null || a <= b ? a : b;
const later = (a: string | null, b: string | null) =>
  a === null ? b : b === null || time(a) >= time(b) ? a : b;

/** The notes the merged lead keeps: its own, then the other's under a heading that says whose. */
export function joinedNotes(kept: StoredLead, other: StoredLead, message: string, day: string) {
  const name = `${other.FirstName} ${other.LastName}`.trim() || other.Email;
  const parts = [mergeTexts.noteHeading(name, other.Email, day)];
  // Its first message stays readable when the kept lead's message is another one.
  if (other.Message.trim() !== "" && other.Message !== message)
    parts.push(`Their message:\n${other.Message}`);
  if (other.Notes.trim() !== "") parts.push(other.Notes);
  const block = parts.join("\n");
  return kept.Notes.trim() === "" ? block : `${kept.Notes}\n\n${block}`;
}

/**
 * The kept lead after the merge (its ID, the new UpdatedAt `at`): its non-empty fields stay,
 * its empty ones are filled from the other; each status is the later-updated lead's unless
 * `keep` says whose; the value goes with the lead status taken; the earlier follow-up and
 * CreatedAt, the later unread reply. `day`: today in the owner's time zone, for the notes.
 */
export function mergedLead(
  kept: StoredLead,
  other: StoredLead,
  keep: MergeKeep,
  at: string,
  day: string,
): StoredLead {
  const laterSide = time(other.UpdatedAt) > time(kept.UpdatedAt) ? "other" : "this";
  const pick = (choice: "this" | "other" | undefined) =>
    (choice ?? laterSide) === "this" ? kept : other;
  const statusFrom = pick(keep.LeadStatus);
  const LeadStatus = statusFrom.LeadStatus;
  const Message = either(kept.Message, other.Message);
  return {
    ...kept,
    FirstName: either(kept.FirstName, other.FirstName),
    LastName: either(kept.LastName, other.LastName),
    Email: either(kept.Email, other.Email),
    Message,
    ContactedUs: kept.ContactedUs || other.ContactedUs,
    LeadStatus,
    CommStatus: pick(keep.CommStatus).CommStatus,
    Notes: joinedNotes(kept, other, Message, day),
    SourcePage: either(kept.SourcePage, other.SourcePage),
    CreatedAt: time(other.CreatedAt) < time(kept.CreatedAt) ? other.CreatedAt : kept.CreatedAt,
    UpdatedAt: at,
    NextFollowUp: earlier(kept.NextFollowUp, other.NextFollowUp),
    Referrer: either(kept.Referrer, other.Referrer),
    UtmSource: either(kept.UtmSource, other.UtmSource),
    UtmMedium: either(kept.UtmMedium, other.UtmMedium),
    UtmCampaign: either(kept.UtmCampaign, other.UtmCampaign),
    Source: either(kept.Source, other.Source),
    EntryPage: either(kept.EntryPage, other.EntryPage),
    Value: statusFrom.Value ?? (statusFrom === kept ? other.Value : kept.Value),
    ClosedAt: isClosedStatus(LeadStatus) ? (statusFrom.ClosedAt ?? at) : null,
    ReplyUnreadAt: later(kept.ReplyUnreadAt, other.ReplyUnreadAt),
    AssignedTo: kept.AssignedTo ?? other.AssignedTo,
  };
}
