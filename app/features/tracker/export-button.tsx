import { endpoints } from "../../../domain/endpoints.ts";
import { type LeadFilters, leadFiltersSearch } from "../../../domain/lead-filters.ts";
import { DownloadButton } from "../../components/admin/download-button.tsx";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";

/** Downloads the current search as CSV. */
export function ExportButton({ filters }: { filters: LeadFilters }) {
  const clock = useOwnerClock();
  return (
    <DownloadButton
      endpoint={endpoints.exportLeads}
      target={{ query: leadFiltersSearch(filters) }}
      filename={`leads-${clock.today}.csv`}
    />
  );
}
