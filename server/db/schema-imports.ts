import type { ColumnType } from "kysely";
import type { Timestamp } from "./schema.ts";

/** One import of leads from CSV (docs/decisions/040-lead-import.md); counts, never the rows. */
export type LeadImportsTable = {
  id: string;
  file_name: string;
  actor_id: string | null;
  actor_email: string;
  created_at: Timestamp;
  new_count: ColumnType<number, number | undefined, number>;
  updated_count: ColumnType<number, number | undefined, number>;
  unchanged_count: ColumnType<number, number | undefined, number>;
  invalid_count: ColumnType<number, number | undefined, number>;
  finished_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  undone_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
};

/** What an import did to one lead: created it, or filled in fields (JSON before and after). */
export type LeadImportChangesTable = {
  import_id: string;
  lead_id: string;
  kind: "created" | "updated";
  before: string | null;
  after: string | null;
};
