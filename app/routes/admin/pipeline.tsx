import { useState } from "react";
import { useNavigate } from "react-router";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { closedWindowDays } from "../../../domain/pipeline.ts";
import { AdminPage, AdminPageHeader } from "../../components/admin/page-header.tsx";
import { compactFieldClass, FormMessage } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { OwnerFilter } from "../../features/lead/owner-filter.tsx";
import { PipelineBoard } from "../../features/pipeline/pipeline-board.tsx";
import { privateMeta } from "../../seo.ts";
import { authGet } from "../../session/api.ts";
import type { Route } from "./+types/pipeline";

export const meta = () => privateMeta("Pipeline");

/** The board for the URL's search, source and closed window; the layout's guard ran first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  for (const name of ["q", "source", "assigned", "closedDays"]) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const result = await authGet(endpoints.pipeline, { query: query.toString() });
  return {
    q: params.get("q") ?? "",
    source: params.get("source") ?? "",
    assigned: params.get("assigned") ?? "",
    allClosed: params.get("closedDays") === "3650",
    board: result.ok ? result.data : null,
    error: result.ok ? null : (result.error ?? leadTexts.failed),
  };
}

/**
 * The pipeline (/admin/pipeline): where every deal stands, and what it is worth. Search and
 * source filter it as they do the lists; the won and lost columns hold the last 90 days
 * unless all are asked for.
 */
export default function AdminPipeline({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [q, setQ] = useState(loaderData.q);
  const go = (next: { q?: string; source?: string; assigned?: string; allClosed?: boolean }) => {
    const params = new URLSearchParams();
    const search = next.q ?? loaderData.q;
    const source = next.source ?? loaderData.source;
    const assigned = next.assigned ?? loaderData.assigned;
    if (search.trim()) params.set("q", search.trim());
    if (source) params.set("source", source);
    if (assigned) params.set("assigned", assigned);
    if (next.allClosed ?? loaderData.allClosed) params.set("closedDays", "3650");
    navigate({ search: params.toString() }, { replace: true, preventScrollReset: true });
  };
  return (
    <AdminPage>
      <AdminPageHeader title="Pipeline" />
      <div className="flex flex-wrap items-end gap-x-2 gap-y-1">
        <search aria-label="Pipeline" className="contents">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              go({ q });
            }}
            className="flex flex-wrap items-end gap-1"
          >
            <div>
              <label htmlFor="pipeline-search" className="text-sm font-semibold">
                Search leads
              </label>
              <input
                id="pipeline-search"
                type="search"
                value={q}
                placeholder="Name, e-mail or words in the message"
                onChange={(event) => setQ(event.target.value)}
                className={`${compactFieldClass} min-w-[16rem]`}
              />
            </div>
            <button type="submit" className={buttonClass("secondary", "sm")}>
              Search
            </button>
            {loaderData.source ? (
              <button
                type="button"
                onClick={() => go({ source: "" })}
                className={buttonClass("secondary", "sm")}
              >
                Source: {loaderData.source} <span aria-hidden="true">×</span>
                <span className="sr-only">(remove this filter)</span>
              </button>
            ) : null}
          </form>
          <OwnerFilter
            id="pipeline-assigned"
            value={loaderData.assigned || undefined}
            onChange={(assigned) => go({ assigned: assigned ?? "" })}
          />
        </search>
        <label className="ml-auto inline-flex min-h-[44px] items-center gap-1 text-sm font-semibold min-[1024px]:min-h-0">
          <input
            type="checkbox"
            checked={loaderData.allClosed}
            onChange={(event) => go({ allClosed: event.target.checked })}
            className="pick"
          />
          All won and lost, not only the last {closedWindowDays} days
        </label>
      </div>
      {loaderData.board ? (
        <PipelineBoard board={loaderData.board} />
      ) : (
        <div className="mt-2">
          <FormMessage kind="error">{loaderData.error}</FormMessage>
        </div>
      )}
    </AdminPage>
  );
}
