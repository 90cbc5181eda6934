import { useState } from "react";
import * as z from "zod/mini";
import { endpoints } from "../../../domain/endpoints.ts";
import { type LeadRecord, type LeadStatus, leadTexts } from "../../../domain/lead-record.ts";
import { leadConflict } from "../../../domain/lead-update.ts";
import {
  columnTitle,
  type PipelineBoard,
  type PipelineCard,
  type PipelineColumn,
} from "../../../domain/pipeline.ts";
import { authPost } from "../../session/api.ts";

/** The card of a lead as the server answered it (the card's own values where it said none). */
const cardOf = (lead: LeadRecord, card: PipelineCard): PipelineCard => ({
  ...card,
  LeadStatus: lead.LeadStatus,
  CommStatus: lead.CommStatus,
  Value: lead.Value ?? null,
  Source: lead.Source ?? card.Source,
  NextFollowUp: lead.NextFollowUp ?? null,
  UpdatedAt: lead.UpdatedAt ?? card.UpdatedAt,
  ClosedAt: lead.ClosedAt ?? null,
});

/** The board with a card taken out of its column and put at the top of another (or back). */
function placed(columns: PipelineColumn[], card: PipelineCard, to: LeadStatus): PipelineColumn[] {
  return columns.map((column) => {
    const had = column.cards.find((c) => c.ID === card.ID);
    let { count, value, cards } = column;
    if (had) {
      cards = cards.filter((c) => c.ID !== card.ID);
      count -= 1;
      value -= had.Value ?? 0;
    }
    if (column.LeadStatus === to) {
      cards = [card, ...cards];
      count += 1;
      value += card.Value ?? 0;
    }
    return { ...column, count, value, cards };
  });
}

/**
 * The board's state and its one action, moving a card: shown at once, saved as the ordinary
 * update (LeadStatus, based on the card's UpdatedAt), then the card as the server has it; a
 * lead changed meanwhile goes where it now is, said in the change's words; a failure puts the
 * card back and says why. `message` is what the live region announces.
 */
export function useBoard(initial: PipelineBoard) {
  const [columns, setColumns] = useState(initial.columns);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [board, setBoard] = useState(initial);
  if (board !== initial) {
    // A new search: the loader's board replaces ours.
    setBoard(initial);
    setColumns(initial.columns);
  }
  const busy = (id: string, on: boolean) =>
    setSaving((all) => {
      const next = new Set(all);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function move(card: PipelineCard, to: LeadStatus) {
    if (card.LeadStatus === to) return;
    const name = `${card.FirstName} ${card.LastName}`.trim();
    setColumns((all) => placed(all, { ...card, LeadStatus: to }, to));
    busy(card.ID, true);
    const result = await authPost(
      endpoints.updateLead,
      { LeadStatus: to, UpdatedAt: card.UpdatedAt },
      { params: { id: card.ID } },
    );
    busy(card.ID, false);
    if (result.ok && result.data.lead) {
      const saved = cardOf(result.data.lead, card);
      setColumns((all) => placed(all, saved, saved.LeadStatus));
      setMessage({ kind: "success", text: `${leadTexts.saved} ${name} is in ${columnTitle[to]}.` });
      return;
    }
    const conflict = result.status === 409 ? z.safeParse(leadConflict, result.data) : null;
    if (conflict?.success) {
      const current = cardOf(conflict.data.lead, card);
      setColumns((all) => placed(all, current, current.LeadStatus));
      setMessage({ kind: "error", text: conflict.data.message || leadTexts.changedSince });
      return;
    }
    setColumns((all) => placed(all, card, card.LeadStatus));
    setMessage({ kind: "error", text: (!result.ok && result.error) || leadTexts.failed });
  }

  return { columns, saving, message, move };
}
