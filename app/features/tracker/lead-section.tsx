import { useEffect, useRef } from "react";
import type { CalendarDate } from "../../../domain/dates.ts";
import { FormMessage } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import type { LeadMessage, ListKey } from "../lead/lead-view.ts";
import type { LeadActionsProps } from "./lead-actions.tsx";
import { LeadRow } from "./lead-row.tsx";
import { headingIdOf } from "./list-jumps.tsx";
import type { LeadPlace, ListState } from "./tracker-lists.ts";

export type SectionProps = {
  listKey: ListKey;
  title: string;
  intro?: string;
  empty: string;
  list: ListState;
  /** A details pane beside the rows (≥ 1024 px), or details under the row (a phone). */
  dense: boolean;
  open: LeadPlace | null;
  checked: ReadonlySet<string>;
  messages: Readonly<Record<string, LeadMessage>>;
  offers: Readonly<Record<string, CalendarDate>>;
  /** Beside the heading: what this list offers (Active only, for Follow Up With). */
  tools?: React.ReactNode;
  onCheck: (place: LeadPlace, event: React.MouseEvent<HTMLInputElement>) => void;
  onCheckAll: (listKey: ListKey, checked: boolean) => void;
  onOpen: (place: LeadPlace) => void;
  onClose: () => void;
  onOffer: (leadId: string, date: CalendarDate | null) => void;
  onMessage: (leadId: string, message: LeadMessage | undefined) => void;
  onLoadMore: () => void;
  actions: Omit<LeadActionsProps, "lead">;
};

/**
 * One of the tracker's lists (Due, New Leads, Follow Up With): its heading with the count,
 * a checkbox that selects every lead shown for a bulk update, the leads as rows or cards,
 * and Load more.
 */
export function LeadSection(props: SectionProps) {
  const { listKey, title, list, dense, checked } = props;
  const headingId = headingIdOf(listKey);
  const shown = list.leads.length;
  const picked = list.leads.filter((lead) => checked.has(lead.ID)).length;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = picked > 0 && picked < shown;
  }, [picked, shown]);

  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b-2 border-ink pb-0.5">
        {shown > 0 ? (
          <input
            ref={all}
            type="checkbox"
            checked={shown > 0 && picked === shown}
            onChange={(event) => props.onCheckAll(listKey, event.target.checked)}
            aria-label={`Select all ${shown} shown in ${title}`}
            className="pick"
          />
        ) : null}
        <h2
          id={headingId}
          className="scroll-mt-[112px] text-xl font-bold outline-none min-[1024px]:scroll-mt-8"
          tabIndex={-1}
        >
          {title}{" "}
          <span className="text-base font-semibold text-muted" data-count>
            {/* The real count from the API; without it, what is shown (and "+" while more wait). */}
            {list.total ?? `${shown}${list.next ? "+" : ""}`}
          </span>
        </h2>
        {/* Beside the heading in the workspace, under it on a phone. */}
        {props.intro && dense ? (
          <p className="min-w-0 flex-1 truncate text-sm text-muted">{props.intro}</p>
        ) : null}
        {props.tools ? <div className="ml-auto">{props.tools}</div> : null}
      </div>
      {props.intro && !dense ? (
        <p className="mt-0.5 max-w-3xl text-sm text-muted">{props.intro}</p>
      ) : null}
      {list.error ? (
        <div className="mt-1">
          <FormMessage kind="error">{list.error}</FormMessage>
        </div>
      ) : null}
      {!list.error && shown === 0 ? <p className="mt-1 text-muted">{props.empty}</p> : null}
      {shown > 0 ? <LeadRows {...props} /> : null}
      {list.next ? (
        <button
          type="button"
          onClick={props.onLoadMore}
          aria-disabled={list.loadingMore}
          className={`mt-1.5 ${buttonClass("secondary", "sm")}`}
        >
          {list.loadingMore ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </section>
  );
}

function LeadRows(props: SectionProps) {
  const { listKey, list, open, dense } = props;
  return (
    <>
      {/* Column names for the eye; each control is labelled for assistive technology. */}
      {dense ? (
        <div
          aria-hidden="true"
          className="grid grid-cols-[1.75rem_minmax(0,1fr)_auto_8.75rem_7.75rem] gap-x-1 px-1 pt-0.5 text-xs font-bold tracking-wide text-muted uppercase"
        >
          <span />
          <span>Lead</span>
          <span />
          <span>Communication</span>
          <span>Temperature</span>
        </div>
      ) : null}
      <ol className={`rounded-sm border border-line bg-white/70 ${dense ? "" : "mt-1"}`}>
        {list.leads.map((lead) => {
          const place = { listKey, id: lead.ID };
          return (
            <LeadRow
              key={lead.ID}
              lead={lead}
              listKey={listKey}
              dense={dense}
              message={props.messages[lead.ID]}
              offer={props.offers[lead.ID]}
              selected={props.checked.has(lead.ID)}
              open={open?.listKey === listKey && open.id === lead.ID}
              onSelect={(event) => props.onCheck(place, event)}
              onOpen={() => props.onOpen(place)}
              onClose={props.onClose}
              onOffer={props.onOffer}
              onMessage={props.onMessage}
              actions={props.actions}
            />
          );
        })}
      </ol>
    </>
  );
}
