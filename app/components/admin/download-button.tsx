import { useState } from "react";
import type { Endpoint } from "../../../domain/api.ts";
import { authDownload, type Target } from "../../session/api.ts";
import { buttonClass } from "../layout.tsx";

/**
 * Downloads a file from the API (a CSV export): the token travels in a header, so a plain link
 * cannot. Says so, in place, when it fails.
 */
export function DownloadButton({
  endpoint,
  target,
  filename,
  label = "Export CSV",
  busyLabel = "Exporting…",
  describedBy,
}: {
  endpoint: Endpoint;
  target?: Target;
  filename: string;
  label?: string;
  busyLabel?: string;
  /** What the button exports, when its label alone does not say. */
  describedBy?: string;
}) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  async function onClick() {
    if (state.busy) return;
    setState({ busy: true, error: null });
    const blob = await authDownload(endpoint, target);
    if (!blob) {
      setState({ busy: false, error: "The export failed. Please try again." });
      return;
    }
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = filename;
    link.click();
    URL.revokeObjectURL(url);
    setState({ busy: false, error: null });
  }
  return (
    <div className="flex flex-col items-end gap-0.5">
      <button
        type="button"
        onClick={onClick}
        aria-disabled={state.busy}
        aria-describedby={describedBy}
        className={buttonClass("secondary", "sm")}
      >
        {state.busy ? busyLabel : label}
      </button>
      <p aria-live="polite" className="text-sm text-error">
        {state.error}
      </p>
    </div>
  );
}
