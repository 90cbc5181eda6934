import { useState } from "react";
import { useNavigate } from "react-router";
import type { ContentType } from "../../../domain/content-entry.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { contentApi, failureText } from "./content-api.ts";
import { clearLocalCopy } from "./local-copy.ts";

/** Deleting is for good, so it asks first, with keeping it as the focused choice. */
export function DeleteEntry({ id, type, name }: { id: string; type: ContentType; name: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={buttonClass("secondary", "sm")}
      >
        Delete…
      </button>
      <ConfirmDialog
        open={open}
        title={`Delete “${name}”?`}
        text="It is taken off the site if published, and its revisions and share links go with it. This can't be undone."
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
