import { createContext, useContext, useRef } from "react";
import * as z from "zod/mini";
import { addWorkingDays, type CalendarDate } from "../../../domain/dates.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { type CommStatus, type LeadRecord, leadTexts } from "../../../domain/lead-record.ts";
import { type LeadChanges, leadConflict } from "../../../domain/lead-update.ts";
import { type ApiResult, authPost } from "../../session/api.ts";
import { readSession } from "../../session/storage.ts";
import type { LeadControl } from "./dom-ids.ts";
import type { LeadMessage, ListKey } from "./lead-view.ts";

/** What a save came to: the lead as the server now has it, and what to say beside it. */
export type SaveOutcome = {
  lead: LeadRecord;
  message: LeadMessage;
  control: LeadControl;
  /** The list whose copy of the lead saved it. */
  listKey: ListKey;
};

export type SaveRequest = {
  lead: LeadRecord;
  changes: LeadChanges;
  control: LeadControl;
  listKey: ListKey;
  /** The save failed: put the control back to the saved value. */
  onFailed?: (saved: LeadRecord) => void;
};

export const signedOutText = "Your session has ended. Sign in to save this change.";

/** Statuses after which a next step is usually due: replying, or a conversation under way. */
const inConversation = new Set<CommStatus>(["REPLIED", "CONVERSING"]);

/**
 * The session is gone, not merely unreachable: the server refused the token and then the
 * refresh, which cleared the stored session (a 401), or no session was left to send (another
 * tab logged out). A refresh that found no server keeps the session, and is a failure.
 */
export const isSignedOut = (result: ApiResult<unknown>) =>
  !result.ok &&
  (result.status === 401 || (result.status === 0 && result.error === null)) &&
  !readSession();

/** The newer of two copies of a lead; the page's copy when neither knows its version. */
const newest = (a: LeadRecord | undefined, b: LeadRecord) =>
  a && (a.UpdatedAt ?? "") > (b.UpdatedAt ?? "") ? a : b;

export type LeadSaves = {
  save: (request: SaveRequest) => void;
  /** After signing in again: send the saves that found the session ended, in order. */
  resume: () => void;
  /** The saves waiting for a new session, oldest first. */
  pending: () => readonly SaveRequest[];
  /** Notes typed and not yet saved, by lead: kept while the owner looks at other leads. */
  drafts: Map<string, string>;
  /**
   * The server changed the lead another way (a message sent moved it to REPLIED): placed and
   * said like a save, and later saves build on it.
   */
  applied: (outcome: SaveOutcome) => void;
  /** The lead as it is now, with nothing to say and nowhere to go (its replies read). */
  patched: (lead: LeadRecord) => void;
};

/**
 * Saving leads, for a whole page: each lead's saves run one after another, each based on the
 * version the previous one returned, whichever of the lead's views (a row, its details, a
 * card) made it; so quick changes never trip over each other. Outcomes go to the page, which
 * places the lead and says what happened.
 */
export function useLeadSaves(callbacks: {
  onSaved: (outcome: SaveOutcome) => void;
  onMessage: (leadId: string, message: LeadMessage | undefined) => void;
  onOffer: (leadId: string, date: CalendarDate | null) => void;
  onPatched: (lead: LeadRecord) => void;
  /** A save found the session ended: ask the owner to sign in; `resume` sends it after. */
  onSignedOut: () => void;
  today: () => CalendarDate;
}): LeadSaves {
  const latest = useRef(new Map<string, LeadRecord>());
  const queues = useRef(new Map<string, Promise<void>>());
  const waiting = useRef<SaveRequest[]>([]);
  const drafts = useRef(new Map<string, string>());
  const on = useRef(callbacks);
  on.current = callbacks;

  const run = async (request: SaveRequest) => {
    const { changes, control, listKey } = request;
    const base = newest(latest.current.get(request.lead.ID), request.lead);
    const result = await authPost(
      endpoints.updateLead,
      {
        ID: base.ID,
        CommStatus: base.CommStatus,
        LeadStatus: base.LeadStatus,
        Notes: base.Notes,
        ...changes,
        UpdatedAt: base.UpdatedAt,
      },
      { params: { id: base.ID } },
    );
    const saved = result.ok || (result.unexpected && result.status < 300);
    if (saved) {
      // The server's copy when it sends one; otherwise ours, with the changes made (the fixed
      // contract promises only the message). Without its UpdatedAt the next save is not checked for
      // conflicts, rather than refused by one that never happened.
      const lead = (result.ok && result.data.lead) || { ...base, ...changes, UpdatedAt: undefined };
      latest.current.set(lead.ID, lead);
      if (changes.Notes !== undefined) drafts.current.delete(lead.ID);
      const text = (result.ok && result.data.message) || leadTexts.saved;
      if (control === "comm" && inConversation.has(lead.CommStatus) && !lead.NextFollowUp)
        on.current.onOffer(lead.ID, addWorkingDays(on.current.today(), 3));
      if (control === "date" || lead.NextFollowUp) on.current.onOffer(lead.ID, null);
      on.current.onSaved({ lead, control, listKey, message: { kind: "success", text, control } });
      return;
    }
    const conflict = result.status === 409 ? z.safeParse(leadConflict, result.data) : null;
    if (conflict?.success) {
      // Someone else saved first: show their version, say so, keep nothing of ours.
      const current = conflict.data.lead;
      latest.current.set(current.ID, current);
      const text = conflict.data.message || leadTexts.changedSince;
      on.current.onSaved({
        lead: current,
        control,
        listKey,
        message: { kind: "error", text, control },
      });
      return;
    }
    if (isSignedOut(result)) {
      // Keep what the owner chose or typed on screen; it is sent once they sign in again.
      waiting.current.push(request);
      on.current.onMessage(base.ID, {
        kind: "error",
        text: signedOutText,
        where: listKey,
        control,
      });
      on.current.onSignedOut();
      return;
    }
    // Failed: show the saved values again, and why (default text: docs/product.md, "Saving").
    request.onFailed?.(base);
    on.current.onMessage(base.ID, {
      kind: "error",
      text: result.error ?? leadTexts.failed,
      where: listKey,
      control,
    });
  };

  const save = (request: SaveRequest) => {
    on.current.onMessage(request.lead.ID, undefined);
    const id = request.lead.ID;
    const next = (queues.current.get(id) ?? Promise.resolve())
      .then(() => run(request))
      // A save that threw (a bug, not a refusal) must not stop the lead's later saves.
      .catch(() => {
        request.onFailed?.(request.lead);
        on.current.onMessage(id, {
          kind: "error",
          text: leadTexts.failed,
          where: request.listKey,
          control: request.control,
        });
      });
    queues.current.set(id, next);
  };

  return {
    save,
    resume: () => {
      for (const request of waiting.current.splice(0)) save(request);
    },
    pending: () => waiting.current,
    drafts: drafts.current,
    applied(outcome) {
      latest.current.set(outcome.lead.ID, outcome.lead);
      on.current.onSaved(outcome);
    },
    patched(lead) {
      latest.current.set(lead.ID, lead);
      on.current.onPatched(lead);
    },
  };
}

const SavesContext = createContext<LeadSaves | null>(null);
export const LeadSavesProvider = SavesContext.Provider;

/** The page's lead saves, for any view of a lead under its provider. */
export function useLeadSavesContext(): LeadSaves {
  const saves = useContext(SavesContext);
  if (!saves) throw new Error("useLeadSavesContext outside LeadSavesProvider");
  return saves;
}
