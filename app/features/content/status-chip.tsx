import type { ContentStatus } from "../../../domain/content-entry.ts";
import { formatDateTime } from "../../components/admin/format.ts";

/**
 * Where an entry stands, in words and a shape, never colour alone (as the tracker's marks):
 * a draft an outlined square, scheduled an outlined dot, published a filled dot, and a
 * published entry with newer unpublished text a half-filled dot.
 */
export function statusText(
  entry: { status: ContentStatus; publishAt: string | null; changedSincePublished?: boolean },
  timeZone: string,
) {
  if (entry.status === "scheduled" && entry.publishAt) {
    return `Scheduled for ${formatDateTime(entry.publishAt, timeZone)}`;
  }
  if (entry.status === "published") {
    return entry.changedSincePublished ? "Changed since published" : "Published";
  }
  return entry.status === "scheduled" ? "Scheduled" : "Draft";
}

export function StatusChip({
  entry,
  timeZone,
}: {
  entry: { status: ContentStatus; publishAt: string | null; changedSincePublished?: boolean };
  timeZone: string;
}) {
  const changed = entry.status === "published" && entry.changedSincePublished;
  const tone =
    entry.status === "published"
      ? changed
        ? "border-accent-strong/40 text-accent-strong"
        : "border-success-line/40 bg-success-bg text-success"
      : entry.status === "scheduled"
        ? "border-ink/25 text-ink"
        : "border-line text-muted";
  return (
    <span
      className={`inline-flex items-center gap-0.5 rounded-sm border px-0.75 py-0.25 text-sm font-semibold whitespace-nowrap ${tone}`}
    >
      <svg aria-hidden="true" viewBox="0 0 12 12" className="size-1.5 shrink-0">
        {entry.status === "draft" ? (
          <rect
            x="2"
            y="2"
            width="8"
            height="8"
            rx="1"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        ) : entry.status === "scheduled" ? (
          <circle cx="6" cy="6" r="4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        ) : changed ? (
          <>
            <circle cx="6" cy="6" r="4" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M6 2a4 4 0 0 1 0 8Z" fill="currentColor" />
          </>
        ) : (
          <circle cx="6" cy="6" r="4.5" fill="currentColor" />
        )}
      </svg>
      {statusText(entry, timeZone)}
    </span>
  );
}
