import { diffLines } from "diff";
import { useEffect, useId, useState } from "react";
import { formatDateTime } from "../../components/admin/format.ts";
import { buttonClass } from "../../components/layout.tsx";
import {
  contentApi,
  type Entry,
  failureText,
  personName,
  type Revision,
  type RevisionSummary,
} from "./content-api.ts";

/**
 * The entry's history: who saved, published or restored what, when; one revision's text
 * against the current one, line by line (the `diff` package), and a way back to it.
 */
export function RevisionsPanel({
  entryId,
  currentBody,
  timeZone,
  onRestored,
}: {
  entryId: string;
  currentBody: string;
  timeZone: string;
  onRestored: (entry: Entry) => void;
}) {
  const id = useId();
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [chosen, setChosen] = useState<Revision | null>(null);
  const [said, setSaid] = useState<string | null>(null);

  useEffect(() => {
    void contentApi.revisions(entryId).then((result) => {
      if (result.ok) setRevisions(result.data.revisions);
      else setSaid(failureText(result));
    });
  }, [entryId]);

  async function choose(rid: string) {
    const result = await contentApi.revision(entryId, rid);
    if (result.ok) setChosen(result.data.revision);
    else setSaid(failureText(result));
  }

  async function restore() {
    if (!chosen) return;
    const result = await contentApi.restore(entryId, chosen.id);
    if (!result.ok) return setSaid(failureText(result));
    onRestored(result.data.entry);
    setSaid(`Restored the version of ${formatDateTime(chosen.createdAt, timeZone)}.`);
    setChosen(null);
  }

  const parts = chosen ? diffLines(currentBody, chosen.body) : [];
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-sm border border-line p-2">
      <h2 id={`${id}-title`} className="font-bold">
        Revisions
      </h2>
      <div aria-live="polite" className="text-sm font-semibold">
        {said}
      </div>
      {revisions === null ? <p className="mt-1 text-sm text-muted">Loading…</p> : null}
      {revisions?.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No earlier versions yet.</p>
      ) : null}
      <ul className="mt-1 grid max-h-[20rem] gap-0.25 overflow-y-auto">
        {revisions?.map((revision) => (
          <li key={revision.id}>
            <button
              type="button"
              aria-pressed={chosen?.id === revision.id}
              onClick={() => void choose(revision.id)}
              className={`w-full rounded-sm px-1 py-0.5 text-left text-sm max-[1023px]:min-h-[44px] ${chosen?.id === revision.id ? "bg-ink text-paper" : "hover:bg-paper-dim"}`}
            >
              <span className="font-semibold">{formatDateTime(revision.createdAt, timeZone)}</span>{" "}
              · {personName(revision.author, "Imported")} · {revision.kind}
            </button>
          </li>
        ))}
      </ul>
      {chosen ? (
        <div className="mt-2">
          <h3 className="text-sm font-semibold">
            Changes from the current text to {formatDateTime(chosen.createdAt, timeZone)}
          </h3>
          <pre className="mt-0.5 max-h-[24rem] overflow-auto rounded-sm border border-line bg-paper-dim p-1 font-mono text-xs whitespace-pre-wrap">
            {parts.map((part, index) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: the diff's parts are in order and never move.
                key={index}
                className={
                  part.added
                    ? "bg-success-bg text-success"
                    : part.removed
                      ? "bg-error-bg text-error-strong line-through"
                      : "text-muted"
                }
              >
                {/* Said in words too, for a screen reader and in print. */}
                {part.added || part.removed ? (
                  <span className="sr-only">{part.added ? "Added: " : "Removed: "}</span>
                ) : null}
                {part.value}
              </span>
            ))}
          </pre>
          <button
            type="button"
            onClick={() => void restore()}
            className={`${buttonClass("primary", "sm")} mt-1`}
          >
            Restore this version
          </button>
        </div>
      ) : null}
    </section>
  );
}
