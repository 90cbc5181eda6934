import { useState } from "react";
import { useNavigate } from "react-router";
import type { ContentType } from "../../../domain/content-entry.ts";
import { cancelWarningText } from "../../../domain/event-texts.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { registrantsToTell } from "../events/registrants-to-tell.ts";
import { contentApi, failureText } from "./content-api.ts";
import { clearLocalCopy } from "./local-copy.ts";

/**
 * Deleting is for good, so it asks first, with keeping it as the focused choice; a live
 * upcoming event's registrants are told it is canceled, and the question says how many
 * (docs/decisions/034).
 */
export function DeleteEntry({
  id,
  type,
  name,
  url,
}: {
  id: string;
  type: ContentType;
  name: string;
  /** Where it is live, if it is. */
  url: string | null;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          if (type === "event" && url) {
            setBusy(true);
            const registered = await registrantsToTell(url);
            setBusy(false);
            setWarning(registered === 0 ? null : cancelWarningText(registered));
          }
          setOpen(true);
        }}
        className={buttonClass("secondary", "sm")}
      >
        Delete…
      </button>
      <ConfirmDialog
        open={open}
        title={`Delete “${name}”?`}
        text={`It is taken off the site if published, and its revisions and share links go with it. This can't be undone.${warning ? ` ${warning}` : ""}`}
        confirmLabel="Delete"
        keepLabel="Keep it"
        danger
        busy={busy}
        error={error}
        onConfirm={async () => {
          setBusy(true);
          const result = await contentApi.remove(id);
          setBusy(false);
          if (!result.ok) return setError(failureText(result));
          clearLocalCopy(id);
          navigate(`/admin/content?type=${type}`, { replace: true });
        }}
        onClose={() => {
          setOpen(false);
          setError(null);
        }}
      />
    </>
  );
}
