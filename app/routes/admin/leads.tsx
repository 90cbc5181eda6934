import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { endpoints } from "../../../domain/endpoints.ts";
import {
  commStatuses,
  type LeadFilters,
  leadStatuses,
  leadTexts,
  parseLeadFilters,
  searchMaxLength,
} from "../../../domain/leads.ts";
import {
  controlId,
  LeadCard,
  type LeadMessage,
  type SaveOutcome,
} from "../../components/admin/lead-card.tsx";
import {
  appendPage,
  type ListState,
  type Lists,
  nextPageUrl,
  placeSavedLead,
} from "../../components/admin/lead-lists.ts";
import { compactFieldClass, FormMessage } from "../../components/form-fields.tsx";
import { buttonClass, Container, Eyebrow } from "../../components/layout.tsx";
import { privateMeta } from "../../seo.ts";
import { authDownload, authGet, type Target } from "../../session/api.ts";
import type { Route } from "./+types/leads";

export const meta = () => privateMeta("Leads");

const queryOf = (filters: LeadFilters) => {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.comm) params.set("comm", filters.comm);
  if (filters.lead) params.set("lead", filters.lead);
  return params;
};

async function loadList(list: "new" | "old", target: Target): Promise<ListState> {
  const result = await authGet(list === "new" ? endpoints.newLeads : endpoints.oldLeads, target);
  if (!result.ok) {
    // Spec section 8: the body is kept as the list's error text (and, here, shown).
    return { leads: [], next: null, error: (!result.ok && result.error) || leadTexts.failed };
  }
  return { leads: result.data, next: nextPageUrl(result.headers.get("link")), error: null };
}

/** Both lists, 50 each, with the URL's search and filters; the layout's guard ran first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filters = parseLeadFilters(new URL(request.url).searchParams);
  const query = queryOf(filters).toString();
  const [fresh, old] = await Promise.all([loadList("new", { query }), loadList("old", { query })]);
  return { filters, lists: { fresh, old } satisfies Lists };
}

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  const [lists, setLists] = useState<Lists>(loaderData.lists);
  const [messages, setMessages] = useState<Record<string, LeadMessage>>({});
  const focusAfterMove = useRef<string | null>(null);
  const navigation = useNavigation();

  // New search or filters: start again from what the loader fetched.
  useEffect(() => {
    setLists(loaderData.lists);
    setMessages({});
  }, [loaderData]);

  // A lead that moved lists is a new element: put focus back on the control being used.
  useEffect(() => {
    if (!focusAfterMove.current) return;
    document.getElementById(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  });

  const setMessage = (id: string, message: LeadMessage | undefined) =>
    setMessages((all) => {
      const next = { ...all };
      if (message) next[id] = message;
      else delete next[id];
      return next;
    });

  function onSaved({ lead, message, control }: SaveOutcome) {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest(`[data-lead-id="${lead.ID}"]`))
      focusAfterMove.current = controlId(lead.ID, control);
    setLists((current) => placeSavedLead(current, lead));
    setMessage(lead.ID, message);
  }

  async function loadMore(which: keyof Lists) {
    const list = lists[which];
    if (!list.next || list.loadingMore) return;
    setLists((current) => ({ ...current, [which]: { ...current[which], loadingMore: true } }));
    const page = await loadList(which === "fresh" ? "new" : "old", { url: list.next });
    setLists((current) => ({
      ...current,
      [which]: page.error
        ? { ...current[which], loadingMore: false, error: page.error }
        : appendPage(current[which], page.leads, page.next),
    }));
  }

  const searching =
    navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  const filtered = Boolean(filters.q || filters.comm || filters.lead);
  return (
    <Container className="pt-6 md:pt-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <Eyebrow>Studio admin</Eyebrow>
          <h1 className="mt-1 text-title font-bold">Leads</h1>
        </div>
        <ExportButton filters={filters} />
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Leads"
        className="mt-3 grid gap-1.5 rounded-sm border border-line bg-paper-dim/60 p-2 sm:grid-cols-2 lg:grid-cols-[1fr_14rem_14rem_auto] lg:items-end"
        key={queryOf(filters).toString()}
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor="lead-search" className="text-sm font-semibold">
            Search leads
          </label>
          <input
            id="lead-search"
            name="q"
            type="search"
            defaultValue={filters.q ?? ""}
            maxLength={searchMaxLength}
            placeholder="Name, e-mail or words in the message"
            className={compactFieldClass}
          />
        </div>
        <FilterSelect
          name="comm"
          label="Filter by CommStatus"
          value={filters.comm}
          options={commStatuses}
        />
        <FilterSelect
          name="lead"
          label="Filter by LeadStatus"
          value={filters.lead}
          options={leadStatuses}
        />
        <div className="flex gap-1">
          <button type="submit" className={buttonClass("primary", "sm")}>
            {searching ? "Searching…" : "Search"}
          </button>
          {filtered ? (
            <a href="/admin/leads" className={buttonClass("secondary", "sm")}>
              Clear
            </a>
          ) : null}
        </div>
      </Form>

      <div className="mt-5 grid gap-6 pb-4 xl:grid-cols-2 xl:items-start">
        <LeadSection
          title="New Leads"
          empty={
            filtered ? "No new leads match this search." : "No new leads. Everything has been read."
          }
          list={lists.fresh}
          messages={messages}
          onSaved={onSaved}
          onMessage={setMessage}
          onLoadMore={() => loadMore("fresh")}
        />
        <LeadSection
          title="Follow Up With"
          empty={
            filtered ? "No leads to follow up match this search." : "Nothing to follow up yet."
          }
          list={lists.old}
          messages={messages}
          onSaved={onSaved}
          onMessage={setMessage}
          onLoadMore={() => loadMore("old")}
        />
      </div>
    </Container>
  );
}

function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly string[];
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={`filter-${name}`}
        name={name}
        defaultValue={value ?? ""}
        className={`${compactFieldClass} font-semibold`}
      >
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

function LeadSection({
  title,
  empty,
  list,
  messages,
  onSaved,
  onMessage,
  onLoadMore,
}: {
  title: string;
  empty: string;
  list: ListState;
  messages: Record<string, LeadMessage>;
  onSaved: (outcome: SaveOutcome) => void;
  onMessage: (id: string, message: LeadMessage | undefined) => void;
  onLoadMore: () => void;
}) {
  const headingId = `${title.toLowerCase().replaceAll(" ", "-")}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="border-b-2 border-ink pb-1 text-2xl font-bold">
        {title}{" "}
        <span className="text-base font-semibold text-muted">
          {list.leads.length}
          {list.next ? "+" : ""}
        </span>
      </h2>
      {list.error ? (
        <div className="mt-2">
          <FormMessage kind="error">{list.error}</FormMessage>
        </div>
      ) : null}
      {list.leads.length === 0 && !list.error ? <p className="mt-2 text-muted">{empty}</p> : null}
      <ul className="mt-2 grid gap-2">
        {list.leads.map((lead) => (
          <li key={lead.ID}>
            <LeadCard
              lead={lead}
              message={messages[lead.ID]}
              onSaved={onSaved}
              onMessage={onMessage}
            />
          </li>
        ))}
      </ul>
      {list.next ? (
        <button
          type="button"
          onClick={onLoadMore}
          aria-disabled={list.loadingMore}
          className={`mt-2 ${buttonClass("secondary", "sm")}`}
        >
          {list.loadingMore ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </section>
  );
}

/** Downloads the current search as CSV (the token travels in a header, so not a plain link). */
function ExportButton({ filters }: { filters: LeadFilters }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  async function onClick() {
    setState({ busy: true, error: null });
    const blob = await authDownload(queryOf(filters).toString());
    if (!blob) {
      setState({ busy: false, error: "The export failed. Please try again." });
      return;
    }
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = `leads-${new Date().toISOString().slice(0, 10)}.csv`;
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
