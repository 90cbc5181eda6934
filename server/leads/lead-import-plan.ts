import type { ImportRow } from "../../domain/lead-import.ts";
import { limits } from "../../domain/limits.ts";

/**
 * What one row of an import does to the lead with its address (docs/decisions/040): a new
 * lead, or, for one already here (or met earlier in the file), only its empty fields filled and
 * the row's notes appended once. Pure: the same rows against the same leads plan the same
 * changes, so a dry run and the import agree, and a second import of a file plans nothing.
 */

/** The lead columns an import may fill in. */
export type ImportedFields = {
  first_name?: string;
  last_name?: string;
  message?: string;
  notes?: string;
  value?: number | null;
  next_follow_up?: string | null;
};

/** A lead as an import sees it while it runs. */
export type LeadState = {
  id: string;
  /** Created by this import (so undo erases it, and no change is recorded field by field). */
  created: boolean;
  first_name: string;
  last_name: string;
  message: string;
  notes: string;
  value: number | null;
  next_follow_up: string | null;
  comm_status: string;
  lead_status: string;
  /** For a lead already here that this import changed: its fields before and after. */
  change?: { before: ImportedFields; after: ImportedFields };
};

export type RowPlan =
  | { kind: "new"; state: LeadState }
  | { kind: "updated"; state: LeadState }
  | { kind: "unchanged" }
  | { kind: "invalid"; message: string };

export type PlanContext = { readonly day: string; readonly fileName: string; newId: () => string };

/** The line appended to a lead's notes, above the row's notes and phone. */
const noteHeading = (context: PlanContext) =>
  `Imported ${context.day}${context.fileName ? ` from ${context.fileName}` : ""}:`;

export function planRow(
  existing: LeadState | undefined,
  row: ImportRow,
  context: PlanContext,
  notesFull: string,
): RowPlan {
  if (!existing) {
    return {
      kind: "new",
      state: {
        id: context.newId(),
        created: true,
        first_name: row.firstName,
        last_name: row.lastName,
        message: row.message,
        notes: row.note,
        value: row.value,
        next_follow_up: row.nextFollowUp,
        // An imported lead did not write to us: it is not waiting in New Leads for a reply.
        comm_status: row.commStatus ?? "NO CONTACT",
        lead_status: row.leadStatus ?? "WARM",
      },
    };
  }
  const patch: ImportedFields = {};
  if (existing.first_name === "" && row.firstName) patch.first_name = row.firstName;
  if (existing.last_name === "" && row.lastName) patch.last_name = row.lastName;
  if (existing.message === "" && row.message) patch.message = row.message;
  if (existing.value === null && row.value !== null) patch.value = row.value;
  if (existing.next_follow_up === null && row.nextFollowUp) patch.next_follow_up = row.nextFollowUp;
  // The same note, already there (an earlier import of this file): nothing new came in.
  if (row.note && !existing.notes.includes(row.note)) {
    const notes = existing.created
      ? [existing.notes, row.note].filter(Boolean).join("\n")
      : `${existing.notes}${existing.notes ? "\n\n" : ""}${noteHeading(context)}\n${row.note}`;
    if (notes.length > limits.notes) return { kind: "invalid", message: notesFull };
    patch.notes = notes;
  }
  const names = Object.keys(patch) as Array<keyof ImportedFields>;
  if (names.length === 0) return { kind: "unchanged" };
  const state: LeadState = { ...existing, ...patch } as LeadState;
  if (!existing.created) {
    const before: ImportedFields = { ...existing.change?.before };
    for (const name of names)
      if (!(name in before)) (before as Record<string, unknown>)[name] = existing[name];
    state.change = { before, after: { ...existing.change?.after, ...patch } };
  }
  return { kind: "updated", state };
}
