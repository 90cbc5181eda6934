import { useState } from "react";
import { type LeadFilters, leadFiltersSearch } from "../../../domain/lead-filters.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authDownload } from "../../session/api.ts";

/** Downloads the current search as CSV (the token travels in a header, so not a plain link). */
export function ExportButton({ filters }: { filters: LeadFilters }) {
  const clock = useOwnerClock();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  async function onClick() {
    setState({ busy: true, error: null });
    const blob = await authDownload(leadFiltersSearch(filters));
    if (!blob) {
      setState({ busy: false, error: "The export failed. Please try again." });
      return;
    }
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = `leads-${clock.today}.csv`;
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
        className={buttonClass("secondary", "sm")}
      >
        {state.busy ? "Exporting…" : "Export CSV"}
      </button>
      <p aria-live="polite" className="text-sm text-error">
        {state.error}
      </p>
    </div>
  );
}
