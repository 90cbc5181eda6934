import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { CalendarDate } from "../../../domain/dates.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import {
  commStatuses,
  dueFilters,
  type LeadFilters,
  leadStatuses,
  leadTexts,
  parseLeadFilters,
  searchMaxLength,
} from "../../../domain/leads.ts";
import { LeadCard, type LeadMessage, type SaveOutcome } from "../../components/admin/lead-card.tsx";
import {
  appendPage,
  isDue,
  type ListState,
  type Lists,
  nextPageUrl,
  placeSavedLead,
} from "../../components/admin/lead-lists.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
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
  if (filters.due) params.set("due", filters.due);
  return params;
};

const listEndpoints = {
  due: endpoints.dueLeads,
  fresh: endpoints.newLeads,
  old: endpoints.oldLeads,
} as const;
type ListKey = keyof typeof listEndpoints;

async function loadList(which: ListKey, target: Target): Promise<ListState> {
  const result = await authGet(listEndpoints[which], target);
  if (!result.ok) {
    // Spec section 8: the body is kept as the list's error text (and, here, shown).
    return { leads: [], next: null, error: result.error || leadTexts.failed };
  }
  return { leads: result.data, next: nextPageUrl(result.headers.get("link")), error: null };
}

/** Most days, the whole Due strip in one page, so its heading's count is exact. */
const duePage = "limit=200";

/**
 * Both lists, 50 each, with the URL's search and filters, and (on the unfiltered tracker) the
 * Due strip; the layout's guard ran first.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filters = parseLeadFilters(new URL(request.url).searchParams);
  const query = queryOf(filters).toString();
  const filtered = query !== "";
  const [fresh, old, due] = await Promise.all([
    loadList("fresh", { query }),
    loadList("old", { query }),
    filtered ? undefined : loadList("due", { query: duePage }),
  ]);
  return { filters, lists: { fresh, old, ...(due ? { due } : {}) } satisfies Lists };
}

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  const [lists, setLists] = useState<Lists>(loaderData.lists);
  const [messages, setMessages] = useState<Record<string, LeadMessage>>({});
  /** Follow-up dates suggested after a reply, by lead: kept while the lead moves lists. */
  const [offers, setOffers] = useState<Record<string, CalendarDate>>({});
  /** Where focus goes after a save re-renders the lists: the first of these that exists. */
  const focusAfterMove = useRef<string[] | null>(null);
  const navigation = useNavigation();
  const clock = useOwnerClock();

  // New search or filters: start again from what the loader fetched.
  useEffect(() => {
    setLists(loaderData.lists);
    setMessages({});
  }, [loaderData]);

  // A lead that moved lists is a new element: put focus back on the control being used, in
  // the list it was used in if the lead is still there, else where the lead went.
  useEffect(() => {
    if (!focusAfterMove.current) return;
    const target = focusAfterMove.current
      .map((id) => document.getElementById(id))
      .find((element) => element !== null);
    target?.focus();
    focusAfterMove.current = null;
  });

  const setMessage = (id: string, message: LeadMessage | undefined) =>
    setMessages((all) => {
      const next = { ...all };
      if (message) next[id] = message;
      else delete next[id];
      return next;
    });

  const setOffer = (id: string, date: CalendarDate | null) =>
    setOffers((all) => {
      const { [id]: _, ...rest } = all;
      return date ? { ...rest, [id]: date } : rest;
    });

  function onSaved({ lead, message, control, listKey }: SaveOutcome) {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest(`[data-lead-id="${lead.ID}"]`)) {
      // The element in use (a select, the date field, a quick choice) in the list it was used
      // in, or, if the lead left that list, the same element where it went.
      const prefix = `lead-${listKey}-${lead.ID}-`;
      const element = active.id.startsWith(prefix) ? active.id.slice(prefix.length) : control;
      const home = lead.CommStatus === "UNREAD" ? "fresh" : "old";
      focusAfterMove.current = [listKey, home].map((key) => `lead-${key}-${lead.ID}-${element}`);
    }
    setLists((current) => placeSavedLead(current, lead, clock.today));
    // Said in the card that saved, or, if the lead left that list, where it went.
    const home = lead.CommStatus === "UNREAD" ? "fresh" : "old";
    const stayed = listKey === "due" ? isDue(lead, clock.today) : listKey === home;
    setMessage(lead.ID, { ...message, where: stayed ? listKey : home });
  }

  async function loadMore(which: ListKey) {
    const list = lists[which];
    if (!list?.next || list.loadingMore) return;
    setLists((current) => ({ ...current, [which]: { ...list, loadingMore: true } }));
    const page = await loadList(which, { url: list.next });
    setLists((current) => {
      const now = current[which] ?? list;
      return {
        ...current,
        [which]: page.error
          ? { ...now, loadingMore: false, error: page.error }
          : appendPage(now, page.leads, page.next),
      };
    });
  }

  const searching =
    navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  const filtered = Boolean(filters.q || filters.comm || filters.lead || filters.due);
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
        className="mt-3 grid gap-1.5 rounded-sm border border-line bg-paper-dim/60 p-2 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_12rem_12rem_auto] lg:items-end"
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
        <FilterSelect
          name="due"
          label="Filter by follow-up"
          value={filters.due}
          options={dueFilters}
          labels={dueLabels}
          omitWhenAny
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

      {lists.due ? (
        <div className="mt-5">
          <LeadSection
            listKey="due"
            title="Due"
            intro="Follow-ups due today or overdue, oldest first. Work down the list; each one leaves it when its date moves on."
            empty="Nothing due. Follow-ups you schedule show up here on their day."
            list={lists.due}
            messages={messages}
            onSaved={onSaved}
            onMessage={setMessage}
            offers={offers}
            onOffer={setOffer}
            onLoadMore={() => loadMore("due")}
          />
        </div>
      ) : null}

      <div className="mt-5 grid gap-6 pb-4 xl:grid-cols-2 xl:items-start">
        <LeadSection
          listKey="fresh"
          title="New Leads"
          empty={
            filtered ? "No new leads match this search." : "No new leads. Everything has been read."
          }
          list={lists.fresh}
          messages={messages}
          onSaved={onSaved}
          onMessage={setMessage}
          offers={offers}
          onOffer={setOffer}
          onLoadMore={() => loadMore("fresh")}
        />
        <LeadSection
          listKey="old"
          title="Follow Up With"
          empty={
            filtered ? "No leads to follow up match this search." : "Nothing to follow up yet."
          }
          list={lists.old}
          messages={messages}
          onSaved={onSaved}
          onMessage={setMessage}
          offers={offers}
          onOffer={setOffer}
          onLoadMore={() => loadMore("old")}
        />
      </div>
    </Container>
  );
}

const dueLabels: Record<string, string> = {
  overdue: "Overdue",
  today: "Due today",
  week: "Due this week",
};

function FilterSelect({
  name,
  label,
  value,
  options,
  labels = {},
  omitWhenAny = false,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly string[];
  labels?: Record<string, string>;
  /** Leave the parameter out of the URL when "Any" is chosen (filters added after the spec's). */
  omitWhenAny?: boolean;
}) {
  const [chosen, setChosen] = useState(value ?? "");
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={`filter-${name}`}
        name={omitWhenAny && chosen === "" ? undefined : name}
        defaultValue={value ?? ""}
        onChange={(event) => setChosen(event.target.value)}
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

function LeadSection({
  listKey,
  title,
  intro,
  empty,
  list,
  messages,
  offers,
  onSaved,
  onMessage,
  onOffer,
  onLoadMore,
}: {
  listKey: ListKey;
  title: string;
  intro?: string;
  empty: string;
  list: ListState;
  messages: Record<string, LeadMessage>;
  onSaved: (outcome: SaveOutcome) => void;
  onMessage: (id: string, message: LeadMessage | undefined) => void;
  offers: Record<string, CalendarDate>;
  onOffer: (id: string, date: CalendarDate | null) => void;
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
      {intro ? <p className="mt-1 max-w-3xl text-sm text-muted">{intro}</p> : null}
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
              listKey={listKey}
              message={messages[lead.ID]}
              offer={offers[lead.ID]}
              onSaved={onSaved}
              onMessage={onMessage}
              onOffer={onOffer}
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
  const clock = useOwnerClock();
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
