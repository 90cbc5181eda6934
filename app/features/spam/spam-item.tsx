import { type SpamLead, spamReasonTexts } from "../../../domain/spam.ts";
import { EraseLeadButton } from "../../components/admin/erase-dialog.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { fullName } from "../../components/admin/lead-name.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { buttonClass } from "../../components/layout.tsx";

/** The id of a submission's Not spam button, where focus goes after its neighbour leaves. */
export const notSpamButtonId = (id: string) => `spam-${id}-not-spam`;

/**
 * One submission kept as spam: who, why, when, where from and what they wrote, with Not spam
 * and Erase beside it.
 */
export function SpamItem({
  lead,
  busy,
  error,
  onNotSpam,
  onErased,
}: {
  lead: SpamLead;
  busy: boolean;
  error: string | undefined;
  onNotSpam: () => void;
  onErased: (id: string, outcome: { diskPending: boolean }) => void;
}) {
  const clock = useOwnerClock();
  const name = fullName(lead) || lead.Email;
  const headingId = `spam-${lead.ID}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-1 rounded-sm border border-line bg-white/70 p-2 md:grid-cols-[minmax(0,1fr)_auto] md:gap-x-3"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-baseline gap-x-1.5 gap-y-0.5">
          <h2 id={headingId} className="text-lg font-bold break-words">
            {name}
          </h2>
          <span className="text-sm break-all text-muted">{lead.Email}</span>
        </div>
        <p className="mt-0.5 text-sm">
          <span className="inline-flex items-center gap-0.5 rounded-sm border border-line bg-paper-dim px-0.5 font-semibold">
            {spamReasonTexts[lead.SpamReason]}
          </span>{" "}
          {lead.CreatedAt ? (
            <span className="text-muted">
              · sent{" "}
              <time dateTime={lead.CreatedAt}>
                {formatDateTime(lead.CreatedAt, clock.timeZone)}
              </time>
            </span>
          ) : null}
          {lead.Source ? <span className="text-muted"> · from {lead.Source}</span> : null}
        </p>
        {lead.Message ? (
          <p className="mt-1 line-clamp-4 whitespace-pre-line break-words">{lead.Message}</p>
        ) : (
          <p className="mt-1 text-muted">No message.</p>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-1 md:flex-col md:items-stretch">
        <button
          id={notSpamButtonId(lead.ID)}
          type="button"
          onClick={onNotSpam}
          aria-disabled={busy}
          className={buttonClass("primary", "sm")}
        >
          {busy ? "Moving…" : "Not spam"}
        </button>
        <EraseLeadButton lead={lead} onErased={onErased} />
        <p aria-live="polite" className="text-sm font-semibold text-error">
          {error}
        </p>
      </div>
    </article>
  );
}
