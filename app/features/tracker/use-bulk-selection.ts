import { type Dispatch, useRef, useState } from "react";
import * as z from "zod/mini";
import type { CalendarDate } from "../../../domain/dates.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { bulkUnknown } from "../../../domain/lead-bulk.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import type { LeadChanges } from "../../../domain/lead-update.ts";
import { authPost } from "../../session/api.ts";
import { readSession } from "../../session/storage.ts";
import { rowButtonId } from "../lead/dom-ids.ts";
import { isSignedOut } from "../lead/lead-saves.tsx";
import type { ListKey } from "../lead/lead-view.ts";
import { findLead, homeOf, type LeadPlace } from "./tracker-lists.ts";
import { checkedAfterClick, checkedWithList } from "./tracker-selection.ts";
import type { Notice, TrackerAction, TrackerState } from "./tracker-state.ts";

type BulkOutcome = { busy: boolean; message: { kind: "success" | "error"; text: string } | null };

/**
 * Picking leads (checkbox, Shift-click ranges, select-all, `x`) and applying one change to
 * all of them in one request. What someone else changed meanwhile stays picked and says so;
 * leads erased meanwhile leave the page; a session that ended keeps the change until the
 * owner signs in again (`resume`).
 */
export function useBulkSelection({
  state,
  dispatch,
  today,
  focusNext,
  onSignedOut,
  onRemoved,
}: {
  state: TrackerState;
  dispatch: Dispatch<TrackerAction>;
  today: CalendarDate;
  focusNext: (ids: readonly string[]) => void;
  onSignedOut: () => void;
  /** Leads moved to Spam or erased: off the page, with this notice. */
  onRemoved: (ids: readonly string[], notice: Notice) => void;
}) {
  /** Where a Shift-click range starts: the last lead picked or unpicked. */
  const anchor = useRef<LeadPlace | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome>({ busy: false, message: null });
  /** A bulk update that found the session ended, to send once signed in again. */
  const pending = useRef<LeadChanges | null>(null);
  const leadsOf = (listKey: ListKey) => state.lists[listKey]?.leads ?? [];

  async function apply(changes: LeadChanges) {
    setOutcome({ busy: true, message: null });
    const IDs = [...state.checked].map((id) => {
      const lead = findLead(state.lists, id);
      return lead?.UpdatedAt ? { ID: id, UpdatedAt: lead.UpdatedAt } : id;
    });
    const result = await authPost(endpoints.bulkUpdate, { IDs, ...changes });
    if (result.ok) {
      const { updated, conflicts, message } = result.data;
      dispatch({
        type: "bulk-saved",
        updated,
        conflicts,
        conflictText: leadTexts.changedSince,
        today,
      });
      // All done, the bar goes: focus to the first lead changed, where it now is.
      const first = updated[0];
      if (!conflicts.length && first) focusNext([rowButtonId(homeOf(first), first.ID)]);
      setOutcome({
        busy: false,
        message: { kind: conflicts.length ? "error" : "success", text: message },
      });
      return;
    }
    if ((result.status === 401 || result.status === 0) && !readSession()) {
      pending.current = changes;
      setOutcome({ busy: false, message: { kind: "error", text: "Sign in again to apply this." } });
      onSignedOut();
      return;
    }
    const unknown = result.status === 404 ? z.safeParse(bulkUnknown, result.data) : null;
    if (unknown?.success) dispatch({ type: "gone", ids: unknown.data.unknown });
    setOutcome({ busy: false, message: { kind: "error", text: result.error ?? leadTexts.failed } });
  }

  /**
   * The picked leads to Spam (with Undo) or erased for good (after the bar's confirmation),
   * each in one request. Leads already gone elsewhere are simply off the page too.
   */
  async function move(how: "spam" | "erase") {
    const ids = [...state.checked];
    if (ids.length === 0) return;
    setOutcome({ busy: true, message: null });
    const result =
      how === "spam"
        ? await authPost(endpoints.bulkSpam, { IDs: ids })
        : await authPost(endpoints.bulkErase, { IDs: ids });
    if (!result.ok) {
      if (isSignedOut(result)) onSignedOut();
      setOutcome({
        busy: false,
        message: { kind: "error", text: result.error ?? leadTexts.failed },
      });
      return;
    }
    setOutcome({ busy: false, message: null });
    const data = result.data;
    if ("moved" in data) {
      const moved = ids.flatMap((id) => {
        const lead = findLead(state.lists, id);
        return lead && !data.missing.includes(id) ? [lead] : [];
      });
      onRemoved(ids, { text: data.message, undoSpam: moved });
    } else {
      onRemoved(ids, { text: data.message });
    }
  }

  return {
    outcome,
    moveToSpam: () => move("spam"),
    erase: () => move("erase"),
    onCheck(place: LeadPlace, event: React.MouseEvent<HTMLInputElement>) {
      dispatch({
        type: "checked",
        checked: checkedAfterClick(state.checked, leadsOf(place.listKey), place, {
          shiftKey: event.shiftKey,
          anchor: anchor.current,
        }),
      });
      anchor.current = place;
      setOutcome((current) => ({ ...current, message: null }));
    },
    onCheckAll(listKey: ListKey, on: boolean) {
      dispatch({ type: "checked", checked: checkedWithList(state.checked, leadsOf(listKey), on) });
    },
    /** `x`: pick or unpick the lead the keyboard is on. */
    toggle(place: LeadPlace) {
      dispatch({
        type: "checked",
        checked: checkedAfterClick(state.checked, leadsOf(place.listKey), place, {
          shiftKey: false,
          anchor: null,
        }),
      });
      anchor.current = place;
    },
    clear() {
      dispatch({ type: "checked", checked: new Set() });
      setOutcome({ busy: false, message: null });
    },
    apply,
    /** After signing in again: the bulk update that was waiting for it. */
    resume() {
      const changes = pending.current;
      pending.current = null;
      if (changes) void apply(changes);
    },
  };
}
