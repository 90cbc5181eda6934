import { useState } from "react";
import { formatDateTime } from "../../components/admin/format.ts";
import { buttonClass } from "../../components/layout.tsx";
import { type Conflict, personName } from "./content-api.ts";
import type { Draft } from "./entry-form.ts";
import type { LocalCopy } from "./local-copy.ts";

const notice = "mt-1 rounded-sm border p-2";

/** Text left in this browser that the server never got: the owner decides what to do with it. */
export function RestoreOffer({
  copy,
  timeZone,
  onRestore,
  onDiscard,
}: {
  copy: LocalCopy;
  timeZone: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <section
      aria-label="Unsaved changes"
      className={`${notice} border-accent-strong/40 bg-paper-dim`}
    >
      <p className="font-semibold">
        This browser has changes from{" "}
        {formatDateTime(new Date(copy.writtenAt).toISOString(), timeZone)} that were never saved.
      </p>
      <div className="mt-1 flex flex-wrap gap-1">
        <button type="button" onClick={onRestore} className={buttonClass("primary", "sm")}>
          Restore your unsaved changes
        </button>
        <button type="button" onClick={onDiscard} className={buttonClass("secondary", "sm")}>
          Discard
        </button>
      </div>
    </section>
  );
}

/**
 * Someone saved first: autosave has stopped, the owner's text is still in the editor, and
 * nothing happens until they choose.
 */
export function ConflictNotice({
  conflict,
  timeZone,
  onLoadTheirs,
  onOverwrite,
}: {
  conflict: Conflict & { message: string };
  timeZone: string;
  onLoadTheirs: () => Promise<string | null>;
  onOverwrite: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={`${notice} border-error/40 bg-error-bg text-error-strong`}>
      <p className="font-semibold">
        Not saved: {personName(conflict.updatedBy, "someone else")} changed this at{" "}
        {formatDateTime(conflict.updatedAt, timeZone)}. {conflict.message}
      </p>
      {error ? <p className="mt-0.5">{error}</p> : null}
      <div className="mt-1 flex flex-wrap gap-1">
        <button
          type="button"
          onClick={() => void onLoadTheirs().then(setError)}
          className={buttonClass("secondary", "sm")}
        >
          Load their version (your text is kept below to copy)
        </button>
        <button type="button" onClick={onOverwrite} className={buttonClass("danger", "sm")}>
          Overwrite with mine
        </button>
      </div>
    </div>
  );
}

/** The owner's text from before loading someone else's, to copy back what they need. */
export function KeptText({ draft, onDismiss }: { draft: Draft; onDismiss: () => void }) {
  return (
    <details open className="mb-2 rounded-sm border border-line p-2">
      <summary className="cursor-pointer font-semibold">Your text, kept to copy from</summary>
      <textarea
        readOnly
        aria-label="Your text"
        value={draft.body}
        rows={10}
        className="mt-1 block w-full rounded-sm border border-ink/25 bg-paper p-1 font-mono text-sm"
      />
      <button
        type="button"
        onClick={onDismiss}
        className={`${buttonClass("secondary", "sm")} mt-1`}
      >
        Done with it
      </button>
    </details>
  );
}
