import { useEffect, useState } from "react";
import { endpoints } from "../../../domain/endpoints.ts";
import type { DuplicateReason } from "../../../domain/lead-merge.ts";
import { type LeadRecord, leadTexts } from "../../../domain/lead-record.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { fullName } from "../../components/admin/lead-name.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authGet, authPost } from "../../session/api.ts";

type Duplicate = { lead: LeadRecord; reason: DuplicateReason };

const reasonLabels: Record<DuplicateReason, string> = {
  email: "Same e-mail",
  "name-and-phone": "Same name and phone",
};

const nameOf = (lead: LeadRecord) => fullName(lead) || lead.Email;

/**
 * Other leads that look like the same person (docs/decisions/041-merging-leads.md), each with
 * why, and "Merge into this lead…", asked first, naming what moves. Nothing shows when there
 * are none. After a merge the list is asked again and the tracker drops the merged lead.
 */
export function LeadDuplicates({
  lead,
  onMerged,
}: {
  lead: LeadRecord;
  onMerged: (kept: LeadRecord, merged: LeadRecord) => void;
}) {
  const clock = useOwnerClock();
  const [duplicates, setDuplicates] = useState<Duplicate[]>([]);
  const [asking, setAsking] = useState<LeadRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again after each merge (round).
  useEffect(() => {
    let current = true;
    void authGet(endpoints.leadDuplicates, { params: { id: lead.ID } }).then((result) => {
      if (current) setDuplicates(result.ok ? result.data : []);
    });
    return () => {
      current = false;
    };
  }, [lead.ID, round]);

  async function merge(other: LeadRecord) {
    setBusy(true);
    setError(null);
    const result = await authPost(
      endpoints.mergeLead,
      { from: other.ID, UpdatedAt: lead.UpdatedAt ?? null },
      { params: { id: lead.ID } },
    );
    setBusy(false);
    if (!result.ok) {
      setError(result.error ?? leadTexts.failed);
      return;
    }
    setAsking(null);
    setStatus(`${nameOf(other)} was merged into this lead.`);
    setRound((n) => n + 1);
    onMerged(result.data.lead, other);
  }

  return (
    <section aria-labelledby={`duplicates-${lead.ID}`} className="mt-2">
      <p aria-live="polite" className="text-sm text-muted">
        {status}
      </p>
      {duplicates.length > 0 ? (
        <>
          <h4 id={`duplicates-${lead.ID}`} className="font-semibold">
            Possible duplicates
          </h4>
          <ul className="mt-1 grid gap-1">
            {duplicates.map(({ lead: other, reason }) => (
              <li
                key={other.ID}
                className="flex flex-wrap items-center justify-between gap-1 rounded border border-line px-1 py-0.5 text-sm"
              >
                <span className="min-w-0 break-words">
                  <span className="font-semibold">{nameOf(other)}</span>{" "}
                  <span className="break-all">{other.Email}</span>
                  <span className="block text-muted">
                    {reasonLabels[reason]}
                    {other.CreatedAt
                      ? ` · arrived ${formatDateTime(other.CreatedAt, clock.timeZone)}`
                      : ""}
                  </span>
                </span>
                <button
                  type="button"
                  onClick={() => {
                    setError(null);
                    setAsking(other);
                  }}
                  className={buttonClass("secondary", "sm")}
                >
                  Merge into this lead…
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <h4 id={`duplicates-${lead.ID}`} className="sr-only">
          Possible duplicates: none
        </h4>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `Merge ${nameOf(asking)} into ${nameOf(lead)}?` : ""}
        text={
          asking
            ? `Their messages, calls, event registrations, history and pending e-mails move to this lead; their notes and first message are added to its notes, and its empty fields are filled from theirs. ${nameOf(asking)} then leaves the lists; links to it open this lead. This can't be undone.`
            : ""
        }
        keepLabel="Keep both"
        confirmLabel={busy ? "Merging…" : "Merge"}
        busy={busy}
        error={error}
        onConfirm={() => (asking ? merge(asking) : undefined)}
        onClose={() => setAsking(null)}
      />
    </section>
  );
}
