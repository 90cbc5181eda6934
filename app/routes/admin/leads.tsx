import { useEffect, useRef, useState } from "react";
import { useNavigate, useNavigation } from "react-router";
import * as z from "zod/mini";
import type { CalendarDate } from "../../../domain/dates.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { bulkUnknown } from "../../../domain/lead-bulk.ts";
import {
  dueFilters,
  type LeadFilters,
  leadFiltersSearch,
  parseLeadFilters,
  searchMaxLength,
} from "../../../domain/lead-filters.ts";
import {
  commStatuses,
  type LeadRecord,
  leadStatuses,
  leadTexts,
} from "../../../domain/lead-record.ts";
import type { LeadChanges } from "../../../domain/lead-update.ts";
import { BulkBar } from "../../components/admin/bulk-bar.tsx";
import { ShortcutsDialog, useShortcuts } from "../../components/admin/keyboard-shortcuts.tsx";
import {
  appendPage,
  isDue,
  type ListState,
  type Lists,
  nextPageUrl,
  placeSavedLead,
  withoutLead,
} from "../../components/admin/lead-lists.ts";
import { fullName } from "../../components/admin/lead-parts.tsx";
import { detailsId, rowButtonId } from "../../components/admin/lead-row.tsx";
import {
  controlId,
  type LeadMessage,
  LeadSavesProvider,
  type SaveOutcome,
  useLeadSaves,
} from "../../components/admin/lead-saves.tsx";
import { type LeadPlace, LeadSection } from "../../components/admin/lead-section.tsx";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { SignInDialog } from "../../components/admin/sign-in-dialog.tsx";
import { useMediaQuery } from "../../components/admin/use-media-query.ts";
import { compactFieldClass } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { privateMeta } from "../../seo.ts";
import { authDownload, authGet, authPost, type Target } from "../../session/api.ts";
import { readSession } from "../../session/storage.ts";
import type { Route } from "./+types/leads";

export const meta = () => privateMeta("Leads");

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
  const filtered = leadFiltersSearch(filters) !== "";
  const [fresh, old, due] = await Promise.all([
    loadList("fresh", { query: leadFiltersSearch(filters, { withActive: false }) }),
    loadList("old", { query: leadFiltersSearch(filters) }),
    filtered ? undefined : loadList("due", { query: duePage }),
  ]);
  return { filters, lists: { fresh, old, ...(due ? { due } : {}) } satisfies Lists };
}

const dueLabels: Record<string, string> = {
  overdue: "Overdue",
  today: "Due today",
  week: "Due this week",
};

/** Where a lead lives by its status: New Leads while UNREAD, Follow Up With after. */
const homeOf = (lead: LeadRecord): ListKey => (lead.CommStatus === "UNREAD" ? "fresh" : "old");

/** Every lead place on the page, in the order it shows them. */
const placesOf = (lists: Lists): LeadPlace[] =>
  (["due", "fresh", "old"] as const).flatMap((listKey) =>
    (lists[listKey]?.leads ?? []).map((lead) => ({ listKey, id: lead.ID })),
  );

const findLead = (lists: Lists, id: string) =>
  [lists.due, lists.fresh, lists.old]
    .flatMap((list) => list?.leads ?? [])
    .find((lead) => lead.ID === id);

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  const clock = useOwnerClock();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const dense = useMediaQuery("(min-width: 1024px)");
  const [lists, setLists] = useState<Lists>(loaderData.lists);
  const [messages, setMessages] = useState<Record<string, LeadMessage>>({});
  /** Follow-up dates suggested after a reply, by lead: kept while the lead moves lists. */
  const [offers, setOffers] = useState<Record<string, CalendarDate>>({});
  /** The lead whose details are open (the dense workspace shows one at a time). */
  const [open, setOpen] = useState<LeadPlace | null>(null);
  /** The lead the keyboard is on. */
  const cursor = useRef<LeadPlace | null>(null);
  /** Leads picked for a bulk update, and where a Shift-click range starts. */
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<LeadPlace | null>(null);
  const [bulk, setBulk] = useState<{
    busy: boolean;
    message: { kind: "success" | "error"; text: string } | null;
  }>({ busy: false, message: null });
  const [notice, setNotice] = useState("");
  /** The lists as they are now, for work that finishes after a request (not as they were). */
  const listsNow = useRef(lists);
  listsNow.current = lists;
  const [signedOut, setSignedOut] = useState(false);
  const [help, setHelp] = useState(false);
  /** Where focus goes after the next render: the first of these that exists. */
  const focusNext = useRef<string[] | null>(null);
  /** A bulk update that found the session ended, to send once signed in again. */
  const pendingBulk = useRef<LeadChanges | null>(null);

  // New search or filters: start again from what the loader fetched.
  useEffect(() => {
    setLists(loaderData.lists);
    setMessages({});
    setChecked(new Set());
  }, [loaderData]);

  // The dense workspace always shows a lead's details: the first one, until another is opened.
  useEffect(() => {
    if (!dense) return;
    const places = placesOf(lists);
    const stillThere = open && places.some((p) => p.listKey === open.listKey && p.id === open.id);
    if (!stillThere) setOpen(places[0] ?? null);
  }, [dense, lists, open]);

  // After a re-render that moved or removed the focused element: put focus where it belongs.
  useEffect(() => {
    if (!focusNext.current) return;
    const target = focusNext.current
      .map((id) => document.getElementById(id))
      .find((element) => element !== null);
    target?.focus();
    focusNext.current = null;
  });

  const setMessage = (id: string, message: LeadMessage | undefined) =>
    setMessages((all) => {
      const { [id]: _, ...rest } = all;
      return message ? { ...rest, [id]: message } : rest;
    });
  const setOffer = (id: string, date: CalendarDate | null) =>
    setOffers((all) => {
      const { [id]: _, ...rest } = all;
      return date ? { ...rest, [id]: date } : rest;
    });

  function onSaved({ lead, message, control, listKey }: SaveOutcome) {
    const home = homeOf(lead);
    const stayed = listKey === "due" ? isDue(lead, clock.today) : listKey === home;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest(`[data-lead-id="${lead.ID}"]`)) {
      // The element in use (a select, the date field, a quick choice) in the list it was used
      // in, or, if the lead left that list, the same element where it went.
      const prefix = `lead-${listKey}-${lead.ID}-`;
      const element = active.id.startsWith(prefix) ? active.id.slice(prefix.length) : control;
      focusNext.current = [listKey, home].map((key) => `lead-${key}-${lead.ID}-${element}`);
    }
    setLists((current) => placeSavedLead(current, lead, clock.today));
    // The open lead stays open where it went; a lead changed from its row opens.
    setOpen((current) =>
      current?.id === lead.ID || control === "comm" || control === "lead"
        ? { listKey: stayed ? listKey : home, id: lead.ID }
        : current,
    );
    // Said in the view that saved, or, if the lead left that list, where it went.
    setMessage(lead.ID, { ...message, where: stayed ? listKey : home });
  }

  const saves = useLeadSaves({
    onSaved,
    onMessage: setMessage,
    onOffer: setOffer,
    onSignedOut: () => setSignedOut(true),
    today: () => clock.today,
  });

  function removeLead(id: string, text: string) {
    const places = placesOf(listsNow.current);
    const at = places.findIndex((place) => place.id === id);
    const next = places.slice(at + 1).find((place) => place.id !== id) ?? places[at - 1];
    setLists((current) => withoutLead(current, id));
    setChecked((current) => {
      const rest = new Set(current);
      rest.delete(id);
      return rest;
    });
    setMessage(id, undefined);
    setNotice(text);
    if (next) {
      if (dense) setOpen(next);
      focusNext.current = [
        rowButtonId(next.listKey, next.id),
        `lead-${next.listKey}-${next.id}-card`,
      ];
    }
  }
  const actions = {
    onErased: (id: string, { diskPending }: { diskPending: boolean }) => {
      const lead = findLead(listsNow.current, id);
      removeLead(
        id,
        `${lead ? fullName(lead) : "The lead"} was erased, with its notes and history${diskPending ? "; removal from disk pending" : ""}.`,
      );
    },
    onMarkedSpam: (lead: LeadRecord) =>
      removeLead(lead.ID, `${fullName(lead)} was moved to Spam. Not spam, there, brings it back.`),
  };

  // ---- Bulk updates ----------------------------------------------------------------------

  function onCheck(place: LeadPlace, event: React.MouseEvent<HTMLInputElement>) {
    const list = lists[place.listKey as ListKey]?.leads ?? [];
    const from = anchor.current;
    setChecked((current) => {
      const next = new Set(current);
      if (event.shiftKey && from && from.listKey === place.listKey) {
        // A range, from the last lead clicked to this one, takes that lead's state.
        const a = list.findIndex((lead) => lead.ID === from.id);
        const b = list.findIndex((lead) => lead.ID === place.id);
        const on = current.has(from.id);
        for (const lead of list.slice(Math.min(a, b), Math.max(a, b) + 1))
          on ? next.add(lead.ID) : next.delete(lead.ID);
      } else if (next.has(place.id)) next.delete(place.id);
      else next.add(place.id);
      return next;
    });
    anchor.current = place;
    setBulk((current) => ({ ...current, message: null }));
  }
  function onCheckAll(listKey: string, on: boolean) {
    const list = lists[listKey as ListKey]?.leads ?? [];
    setChecked((current) => {
      const next = new Set(current);
      for (const lead of list) on ? next.add(lead.ID) : next.delete(lead.ID);
      return next;
    });
  }

  async function applyBulk(changes: LeadChanges) {
    setBulk({ busy: true, message: null });
    const IDs = [...checked].map((id) => {
      const lead = findLead(lists, id);
      return lead?.UpdatedAt ? { ID: id, UpdatedAt: lead.UpdatedAt } : id;
    });
    const result = await authPost(endpoints.bulkUpdate, { IDs, ...changes });
    if (result.ok) {
      const { updated, conflicts } = result.data;
      setLists((current) =>
        [...updated, ...conflicts].reduce(
          (all, lead) => placeSavedLead(all, lead, clock.today),
          current,
        ),
      );
      for (const lead of conflicts)
        setMessage(lead.ID, { kind: "error", text: leadTexts.changedSince });
      // What was saved is done; what someone else changed stays picked, to look at again.
      setChecked(new Set(conflicts.map((lead) => lead.ID)));
      // All done, the bar goes: focus to the first lead changed, where it now is.
      const first = updated[0];
      if (!conflicts.length && first) {
        const home = homeOf(first);
        focusNext.current = [rowButtonId(home, first.ID), `lead-${home}-${first.ID}-card`];
      }
      setBulk({
        busy: false,
        message: { kind: conflicts.length ? "error" : "success", text: result.data.message },
      });
      return;
    }
    if ((result.status === 401 || result.status === 0) && !readSession()) {
      pendingBulk.current = changes;
      setBulk({ busy: false, message: { kind: "error", text: "Sign in again to apply this." } });
      setSignedOut(true);
      return;
    }
    const unknown = result.status === 404 ? z.safeParse(bulkUnknown, result.data) : null;
    if (unknown?.success) {
      // Leads gone meanwhile (erased elsewhere): off the page and out of the selection.
      setLists((current) =>
        unknown.data.unknown.reduce((all, id) => withoutLead(all, id), current),
      );
      setChecked(
        (current) => new Set([...current].filter((id) => !unknown.data.unknown.includes(id))),
      );
    }
    setBulk({ busy: false, message: { kind: "error", text: result.error ?? leadTexts.failed } });
  }

  // ---- Keyboard --------------------------------------------------------------------------

  /** The lead the keyboard is on: the focused one, else the last one used, else the open one. */
  function currentPlace(): LeadPlace | null {
    const element = document.activeElement?.closest<HTMLElement>("[data-lead-id]");
    if (element?.dataset.leadId && element.dataset.listKey)
      return { listKey: element.dataset.listKey, id: element.dataset.leadId };
    return cursor.current ?? open;
  }
  function move(step: 1 | -1) {
    const targets = [...document.querySelectorAll<HTMLElement>("[data-lead-nav]")];
    if (targets.length === 0) return;
    const place = currentPlace();
    const at = place
      ? targets.findIndex((target) => {
          const lead = target.closest<HTMLElement>("[data-lead-id]");
          return lead?.dataset.leadId === place.id && lead.dataset.listKey === place.listKey;
        })
      : -1;
    // From outside the leads, the first key goes to the current lead itself.
    const onLead = document.activeElement?.closest("[data-lead-id]") != null;
    const index = at === -1 ? 0 : onLead ? at + step : at;
    const next = targets[Math.min(targets.length - 1, Math.max(0, index))];
    const lead = next?.closest<HTMLElement>("[data-lead-id]");
    if (!next || !lead?.dataset.leadId || !lead.dataset.listKey) return;
    const to = { listKey: lead.dataset.listKey, id: lead.dataset.leadId };
    cursor.current = to;
    if (dense) setOpen(to);
    next.focus();
    next.scrollIntoView({ block: "nearest" });
  }
  useShortcuts({
    next: () => move(1),
    previous: () => move(-1),
    notes: () => {
      const place = currentPlace();
      if (!place) return;
      if (dense) setOpen(place);
      focusNext.current = [controlId(place.listKey, place.id, "notes")];
      // Already open: nothing re-renders, so focus now.
      document.getElementById(controlId(place.listKey, place.id, "notes"))?.focus();
    },
    select: () => {
      const place = currentPlace();
      if (!place) return;
      setChecked((current) => {
        const next = new Set(current);
        next.has(place.id) ? next.delete(place.id) : next.add(place.id);
        return next;
      });
      anchor.current = place;
    },
    search: () => document.getElementById("lead-search")?.focus(),
    help: () => setHelp(true),
  });

  function openLead(place: LeadPlace) {
    cursor.current = place;
    if (!dense) return;
    setOpen(place);
    // Into the details, where Tab goes through its controls; Escape comes back.
    focusNext.current = [`${detailsId(place.listKey, place.id)}-name`];
    document.getElementById(`${detailsId(place.listKey, place.id)}-name`)?.focus();
  }

  // ---- Loading more ----------------------------------------------------------------------

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

  const filtered = leadFiltersSearch(filters) !== "";
  const searching =
    navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  const section = {
    dense,
    open,
    checked,
    messages,
    offers,
    onCheck,
    onCheckAll,
    onOpen: openLead,
    onOffer: setOffer,
    onMessage: setMessage,
    actions,
  };
  const setFilters = (next: LeadFilters) =>
    navigate({ search: leadFiltersSearch(next) }, { replace: true, preventScrollReset: true });

  return (
    <LeadSavesProvider value={saves}>
      <div
        className={`mx-auto w-full max-w-[1920px] px-2 pt-2 md:px-3 ${
          dense ? "min-[1024px]:pr-[calc(var(--details-width)+1.5rem)]" : ""
        }`}
      >
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h1 className="text-2xl font-bold tracking-tight">Leads</h1>
          <p aria-live="polite" className="text-sm text-muted">
            {searching ? "Searching…" : null}
          </p>
          <div className="ml-auto flex items-center gap-1">
            <button
              type="button"
              onClick={() => setHelp(true)}
              aria-keyshortcuts="?"
              className={`${buttonClass("secondary", "sm")} max-[1023px]:hidden`}
            >
              Keyboard shortcuts
            </button>
            <ExportButton filters={filters} />
          </div>
        </div>

        <Filters filters={filters} onChange={setFilters} />

        <p aria-live="polite" className="text-sm font-semibold text-success">
          {notice}
        </p>

        {checked.size > 0 ? (
          <BulkBar
            count={checked.size}
            today={clock.today}
            busy={bulk.busy}
            onApply={applyBulk}
            onClear={() => {
              setChecked(new Set());
              setBulk({ busy: false, message: null });
            }}
          />
        ) : null}
        {/* Always in the page, so a bulk update's outcome is announced, bar or no bar. */}
        <p
          aria-live="polite"
          aria-atomic="true"
          className={`text-sm font-semibold ${bulk.message?.kind === "error" ? "text-error" : "text-success"}`}
        >
          {bulk.message?.text}
        </p>

        {/* Room under the last lead for the bulk bar, fixed at a phone's bottom edge. */}
        <div className={`mt-2 grid gap-3 pb-4 ${checked.size > 0 ? "max-[1023px]:pb-28" : ""}`}>
          {lists.due ? (
            <LeadSection
              {...section}
              listKey="due"
              title="Due"
              intro="Follow-ups due today or overdue, oldest first. Work down the list; each one leaves it when its date moves on."
              empty="Nothing due. Follow-ups you schedule show up here on their day."
              list={lists.due}
              onLoadMore={() => loadMore("due")}
            />
          ) : null}
          <div className={`grid gap-3 ${dense ? "" : "xl:grid-cols-2 xl:items-start"}`}>
            <LeadSection
              {...section}
              listKey="fresh"
              title="New Leads"
              empty={
                filtered
                  ? "No new leads match this search."
                  : "No new leads. Everything has been read."
              }
              list={lists.fresh}
              onLoadMore={() => loadMore("fresh")}
            />
            <LeadSection
              {...section}
              listKey="old"
              title="Follow Up With"
              empty={
                filtered ? "No leads to follow up match this search." : "Nothing to follow up yet."
              }
              list={lists.old}
              onLoadMore={() => loadMore("old")}
              tools={
                <label className="flex items-center gap-0.5 text-sm font-semibold">
                  <input
                    type="checkbox"
                    checked={Boolean(filters.active)}
                    onChange={(event) =>
                      setFilters({ ...filters, active: event.target.checked || undefined })
                    }
                    className="size-2 accent-ink"
                  />
                  Active only
                  <span className="sr-only">
                    : hide RESOLVED and DEAD conversations and CONVERTED and ABANDONED leads
                  </span>
                </label>
              }
            />
          </div>
        </div>
      </div>
      <SignInDialog
        open={signedOut}
        email={readSession()?.email ?? ""}
        onSignedIn={() => {
          setSignedOut(false);
          const waiting = saves.pending()[0];
          saves.resume();
          if (pendingBulk.current) {
            const changes = pendingBulk.current;
            pendingBulk.current = null;
            void applyBulk(changes);
          }
          // Back to the lead that was being saved.
          if (waiting) {
            const { listKey, lead, control } = waiting;
            focusNext.current = [
              controlId(listKey, lead.ID, control),
              rowButtonId(listKey, lead.ID),
            ];
          }
        }}
      />
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </LeadSavesProvider>
  );
}

/**
 * Search and filters, applied as they change (the search after a pause in typing) and kept
 * in the URL. Labels in the owner's words; values keep the spec's names.
 */
function Filters({
  filters,
  onChange,
}: {
  filters: LeadFilters;
  onChange: (filters: LeadFilters) => void;
}) {
  const [q, setQ] = useState(filters.q ?? "");
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

  return (
    <search
      aria-label="Leads"
      className="mt-1.5 grid grid-cols-2 items-end gap-1 rounded-sm border border-line bg-paper-dim/60 p-1 md:grid-cols-3 min-[1024px]:grid-cols-[minmax(12rem,1fr)_11rem_11rem_11rem_auto]"
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
        options={commStatuses}
        onChange={(value) => select("comm", value)}
      />
      <FilterSelect
        name="lead"
        label="Filter by lead temperature"
        value={filters.lead}
        options={leadStatuses}
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
      {filters.source ? (
        <button
          type="button"
          onClick={() => onChange({ ...latest.current, source: undefined })}
          className="inline-flex h-5 items-center gap-0.5 self-end rounded-sm border border-ink bg-white px-1 text-sm font-semibold"
        >
          Source: {filters.source}
          <span aria-hidden="true">×</span>
          <span className="sr-only">(remove this filter)</span>
        </button>
      ) : (
        <span className="hidden min-[1024px]:block" />
      )}
    </search>
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

/** Downloads the current search as CSV (the token travels in a header, so not a plain link). */
function ExportButton({ filters }: { filters: LeadFilters }) {
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
