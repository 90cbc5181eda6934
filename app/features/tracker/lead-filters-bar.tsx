import { useEffect, useRef, useState } from "react";
import { dueFilters, type LeadFilters, searchMaxLength } from "../../../domain/lead-filters.ts";
import {
  commStatusesInOrder,
  leadStatusesInOrder,
  statusLabel,
} from "../../../domain/lead-record.ts";
import { compactFieldClass } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { OwnerFilter } from "../lead/owner-filter.tsx";

const statusLabels = Object.fromEntries(
  [...commStatusesInOrder, ...leadStatusesInOrder].map((status) => [status, statusLabel(status)]),
);

const dueLabels: Record<string, string> = {
  overdue: "Overdue",
  today: "Due today",
  week: "Due this week",
};

/**
 * Search and filters, applied as they change (the search after a pause in typing) and kept
 * in the URL. Labels in the owner's words; values keep the fixed names (docs/product.md,
 * "Status values").
 */
export function LeadFiltersBar({
  filters,
  onChange,
}: {
  filters: LeadFilters;
  onChange: (filters: LeadFilters) => void;
}) {
  const [q, setQ] = useState(filters.q ?? "");
  const [unfolded, setUnfolded] = useState(false);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(filters);
  latest.current = filters;
  // The URL changed some other way (a source link, Back): show its search.
  useEffect(() => {
    if (document.activeElement?.id !== "lead-search") setQ(filters.q ?? "");
  }, [filters.q]);
  useEffect(() => () => clearTimeout(typing.current), []);
  const searchNow = (value: string) => {
    clearTimeout(typing.current);
    if (value.trim() !== (latest.current.q ?? ""))
      onChange({ ...latest.current, q: value.trim() || undefined });
  };
  const select = (name: "comm" | "lead" | "due", value: string) =>
    onChange({ ...latest.current, [name]: value || undefined });

  const active = [
    filters.q,
    filters.comm,
    filters.lead,
    filters.due,
    filters.source,
    filters.reply,
    filters.assigned,
  ].filter(Boolean).length;

  return (
    <>
      {/* On a phone the search and filters fold away, so the first screen shows leads. */}
      <button
        type="button"
        aria-expanded={unfolded}
        aria-controls="lead-filters"
        onClick={() => setUnfolded(!unfolded)}
        className={`mt-1 min-[1024px]:hidden ${buttonClass("secondary", "sm")}`}
      >
        {unfolded ? "Hide search and filters" : "Search and filters"}
        {active > 0 ? ` (${active} on)` : ""}
      </button>
      <search
        id="lead-filters"
        aria-label="Leads"
        className={`${unfolded ? "" : "max-[1023px]:hidden"} mt-1.5 grid grid-cols-2 items-end gap-1 rounded-sm border border-line bg-paper-dim/60 p-1 md:grid-cols-3 min-[1024px]:grid-cols-[minmax(9rem,1fr)_11rem_11rem_11rem_9rem_auto]`}
      >
        <div className="col-span-2 md:col-span-3 min-[1024px]:col-span-1">
          <label htmlFor="lead-search" className="text-sm font-semibold">
            Search leads
          </label>
          <input
            id="lead-search"
            type="search"
            value={q}
            maxLength={searchMaxLength}
            placeholder="Name, e-mail or words in the message"
            aria-keyshortcuts="/"
            onChange={(event) => {
              const value = event.target.value;
              setQ(value);
              clearTimeout(typing.current);
              typing.current = setTimeout(() => searchNow(value), 300);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") searchNow(q);
              if (event.key === "Escape" && q) {
                event.preventDefault();
                setQ("");
                searchNow("");
              }
            }}
            className={compactFieldClass}
          />
        </div>
        <FilterSelect
          name="comm"
          label="Filter by communication"
          value={filters.comm}
          options={commStatusesInOrder}
          labels={statusLabels}
          onChange={(value) => select("comm", value)}
        />
        <FilterSelect
          name="lead"
          label="Filter by lead temperature"
          value={filters.lead}
          options={leadStatusesInOrder}
          labels={statusLabels}
          onChange={(value) => select("lead", value)}
        />
        <FilterSelect
          name="due"
          label="Filter by follow-up"
          value={filters.due}
          options={dueFilters}
          labels={dueLabels}
          onChange={(value) => select("due", value)}
        />
        <OwnerFilter
          id="filter-assigned"
          value={filters.assigned}
          onChange={(assigned) => onChange({ ...latest.current, assigned })}
        />
        <div className="flex flex-wrap items-end gap-0.5 self-end">
          {filters.source ? (
            <FilterChip onRemove={() => onChange({ ...latest.current, source: undefined })}>
              Source: {filters.source}
            </FilterChip>
          ) : null}
          {filters.reply ? (
            <FilterChip onRemove={() => onChange({ ...latest.current, reply: undefined })}>
              Unread replies
            </FilterChip>
          ) : null}
        </div>
      </search>
    </>
  );
}

/** A filter set from elsewhere (a source's link, the overview's Unread replies), with ×. */
function FilterChip({ onRemove, children }: { onRemove: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={onRemove}
      className="inline-flex h-[44px] items-center gap-0.5 rounded-sm border border-ink bg-white px-1 text-sm font-semibold min-[1024px]:h-5"
    >
      {children}
      <span aria-hidden="true">×</span>
      <span className="sr-only">(remove this filter)</span>
    </button>
  );
}

function FilterSelect({
  name,
  label,
  value,
  options,
  labels = {},
  onChange,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly string[];
  labels?: Record<string, string>;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={`filter-${name}`}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value)}
        className={`${compactFieldClass} font-semibold`}
      >
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option] ?? option}
          </option>
        ))}
      </select>
    </div>
  );
}
