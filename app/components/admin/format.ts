/** Dates in the admin, in the owner's own time zone. */
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** Human names for the spec's field names, for history lines. */
export const fieldNames = {
  CommStatus: "Communication status",
  LeadStatus: "Lead status",
  Notes: "Notes",
  NextFollowUp: "Next follow-up",
} as const;
