import { useLocation, useNavigate, useNavigation } from "react-router";
import {
  type LeadFilters,
  leadFiltersSearch,
  parseLeadFilters,
} from "../../../domain/lead-filters.ts";
import { isUuid } from "../../../domain/lead-record.ts";
import { AdminPageHeader, adminPageClass } from "../../components/admin/page-header.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { LeadSavesProvider } from "../../features/lead/lead-saves.tsx";
import { BulkBar } from "../../features/tracker/bulk-bar.tsx";
import { ExportButton } from "../../features/tracker/export-button.tsx";
import { ImportButton } from "../../features/tracker/import-dialog.tsx";
import { ShortcutsDialog } from "../../features/tracker/keyboard-shortcuts.tsx";
import { LeadFiltersBar } from "../../features/tracker/lead-filters-bar.tsx";
import { LeadSection } from "../../features/tracker/lead-section.tsx";
import { ListJumps } from "../../features/tracker/list-jumps.tsx";
import { loadTrackerLists } from "../../features/tracker/load-lists.ts";
import { NoticeBar } from "../../features/tracker/notice-bar.tsx";
import { SignInDialog } from "../../features/tracker/sign-in-dialog.tsx";
import { useTracker } from "../../features/tracker/use-tracker.ts";
import { privateMeta } from "../../seo.ts";
import { readSession } from "../../session/storage.ts";
import type { Route } from "./+types/leads";

export const meta = () => privateMeta("Leads");

/** The URL's search and filters, and the lists for them; the layout's guard ran first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filters = parseLeadFilters(new URL(request.url).searchParams);
  return { filters, lists: await loadTrackerLists(filters) };
}

/**
 * The lead tracker (/admin/leads): its search and filters, the Due strip, New Leads and Follow
 * Up With, the bulk bar and the dialogs, laid out. What they do is in app/features/tracker/.
 */
export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  const location = useLocation();
  const linked = new URLSearchParams(location.search).get("lead");
  const tracker = useTracker(loaderData.lists, {
    filters,
    linkedLead: linked && isUuid(linked) ? linked : null,
  });
  const { state, dense, bulk } = tracker;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const filtered = leadFiltersSearch(filters) !== "";
  const searching =
    navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  const setFilters = (next: LeadFilters) =>
    navigate({ search: leadFiltersSearch(next) }, { replace: true, preventScrollReset: true });

  return (
    <LeadSavesProvider value={tracker.saves}>
      <div
        className={`${adminPageClass} ${
          dense ? "min-[1024px]:pr-[calc(var(--details-width)+1.5rem)]" : ""
        }`}
      >
        <AdminPageHeader
          title="Leads"
          status={
            <p aria-live="polite" className="text-sm text-muted">
              {searching ? "Searching…" : null}
            </p>
          }
          actions={
            <>
              <button
                type="button"
                onClick={() => tracker.setHelp(true)}
                aria-keyshortcuts="?"
                className={`${buttonClass("secondary", "sm")} max-[1023px]:hidden`}
              >
                Keyboard shortcuts
              </button>
              <ImportButton />
              <ExportButton filters={filters} />
            </>
          }
        />

        <LeadFiltersBar filters={filters} onChange={setFilters} />
        {dense ? null : <ListJumps lists={state.lists} />}

        {state.checked.size > 0 ? (
          <BulkBar
            count={state.checked.size}
            today={tracker.clock.today}
            busy={bulk.outcome.busy}
            onApply={bulk.apply}
            onSpam={bulk.moveToSpam}
            onErase={bulk.erase}
            onClear={bulk.clear}
          />
        ) : null}
        {/* Always in the page, so a bulk update's outcome is announced, bar or no bar. */}
        <p
          aria-live="polite"
          aria-atomic="true"
          className={`text-sm font-semibold ${bulk.outcome.message?.kind === "error" ? "text-error" : "text-success"}`}
        >
          {bulk.outcome.message?.text}
        </p>

        {/*
          Room under the last lead for the bulk bar and the notice, fixed at the bottom edge:
          the notice says how much it takes (--notice-space, app/features/tracker/notice-bar.tsx).
        */}
        <div
          className={`mt-2 grid gap-3 pb-[max(80px,var(--notice-space,0px))] ${state.checked.size > 0 ? "max-[1023px]:pb-[calc(var(--bulk-bar-height,160px)+80px)]" : ""}`}
        >
          {state.lists.due ? (
            <LeadSection
              {...tracker.section}
              listKey="due"
              title="Due"
              intro="Follow-ups due today or overdue, oldest first. Work down the list; each one leaves it when its date moves on."
              empty="Nothing due. Follow-ups you schedule show up here on their day."
              list={state.lists.due}
              onLoadMore={() => tracker.loadMore("due")}
            />
          ) : null}
          <div className={`grid gap-3 ${dense ? "" : "xl:grid-cols-2 xl:items-start"}`}>
            <LeadSection
              {...tracker.section}
              listKey="fresh"
              title="New Leads"
              empty={
                filtered
                  ? "No new leads match this search."
                  : "No new leads. Everything has been read."
              }
              list={state.lists.fresh}
              onLoadMore={() => tracker.loadMore("fresh")}
            />
            <LeadSection
              {...tracker.section}
              listKey="old"
              title="Follow Up With"
              empty={
                filtered ? "No leads to follow up match this search." : "Nothing to follow up yet."
              }
              list={state.lists.old}
              onLoadMore={() => tracker.loadMore("old")}
              tools={
                <label className="flex items-center text-sm font-semibold">
                  <input
                    type="checkbox"
                    checked={Boolean(filters.active)}
                    onChange={(event) =>
                      setFilters({ ...filters, active: event.target.checked || undefined })
                    }
                    className="pick"
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
      <NoticeBar
        notice={state.notice}
        live={state.live}
        raised={state.checked.size > 0 && !dense}
        onUndo={tracker.undoSpam}
        onJump={tracker.jump}
        onAcceptOffer={tracker.acceptOffer}
        onDismiss={tracker.dismissNotice}
      />
      <SignInDialog
        open={tracker.signedOut}
        email={readSession()?.email ?? ""}
        onSignedIn={tracker.onSignedIn}
      />
      <ShortcutsDialog open={tracker.help} onClose={() => tracker.setHelp(false)} />
    </LeadSavesProvider>
  );
}
