import { pipeline, type Readable, Transform, type TransformCallback } from "node:stream";
import { type Info, parse } from "csv-parse";
import {
  type ColumnMapping,
  type ImportResult,
  type ImportRow,
  importLimits,
  importTexts,
  mapColumns,
  readRow,
} from "../../domain/lead-import.ts";
import type { Db } from "../db/connect.ts";
import { uuidv7 } from "../db/uuid.ts";
import {
  dropImport,
  type EraseLeads,
  finishImport,
  leadsByEmail,
  revertChanges,
  startImport,
  writeBatch,
} from "./lead-import.repository.ts";
import { type LeadState, planRow } from "./lead-import-plan.ts";
import { lockLead } from "./lead-lock.ts";
import type { Actor } from "./lead-updates.repository.ts";

/**
 * Importing leads from a CSV file as it streams in (docs/integrations.md, "Importing leads";
 * docs/decisions/040): bytes counted and decoded as strict UTF-8, parsed by csv-parse, rows
 * checked and planned 500 at a time, each batch written in one transaction. Memory holds one
 * batch and, per address met, the lead's few fields, so it stays flat however long the file.
 */

/** A file the import refuses, and the status that says why. */
export class ImportRefusal extends Error {
  readonly statusCode: 400 | 413 | 415;
  constructor(statusCode: 400 | 413 | 415, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

/** Counts the bytes (10 MB at most) and lets through only valid UTF-8, its BOM removed. */
class Utf8Bytes extends Transform {
  private bytes = 0;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.byteLength;
    if (this.bytes > importLimits.bytes) return done(new ImportRefusal(413, importTexts.tooLarge));
    try {
      done(null, this.decoder.decode(chunk, { stream: true }));
    } catch {
      done(new ImportRefusal(400, importTexts.notUtf8));
    }
  }

  override _flush(done: TransformCallback) {
    try {
      done(null, this.decoder.decode());
    } catch {
      done(new ImportRefusal(400, importTexts.notUtf8));
    }
  }
}

export type ImportOptions = {
  readonly dryRun: boolean;
  readonly fileName: string;
  readonly actor: Actor;
  readonly now: Date;
  /** Undoes what was written of a file refused part-way. */
  readonly erase: EraseLeads;
};

type Pending = { line: number; row: ImportRow };

export async function importLeads(
  db: Db,
  body: Readable,
  options: ImportOptions,
): Promise<ImportResult & { invalidTotal: number }> {
  const { dryRun, now } = options;
  const batchId = dryRun ? undefined : uuidv7(now.getTime());
  const counts = { new: 0, updated: 0, unchanged: 0, invalid: 0 };
  const invalid: Array<{ line: number; message: string }> = [];
  const seen = new Map<string, LeadState>();
  const context = {
    day: now.toISOString().slice(0, 10),
    fileName: options.fileName,
    newId: () => uuidv7(),
  };
  const refuse = (line: number, message: string) => {
    counts.invalid++;
    if (invalid.length < importLimits.listedInvalid) invalid.push({ line, message });
  };

  /** Plans one batch against the leads it names, and writes it unless this is a dry run. */
  const runBatch = async (batch: readonly Pending[]) => {
    const work = async (executor: Parameters<typeof leadsByEmail>[0]) => {
      const unknown = [
        ...new Set(batch.map((p) => p.row.email.toLowerCase()).filter((e) => !seen.has(e))),
      ];
      const found = await leadsByEmail(executor, unknown);
      const created = new Map<string, LeadState>();
      const updated = new Map<string, LeadState>();
      const emails = new Map<string, string>();
      for (const { line, row } of batch) {
        const address = row.email.toLowerCase();
        const plan = planRow(
          seen.get(address) ?? found.get(address),
          row,
          context,
          importTexts.notesFull,
        );
        if (plan.kind === "invalid") refuse(line, plan.message);
        else if (plan.kind === "unchanged") counts.unchanged++;
        else {
          counts[plan.kind]++;
          seen.set(address, plan.state);
          if (plan.kind === "new") emails.set(plan.state.id, row.email);
          if (created.has(plan.state.id) || plan.kind === "new")
            created.set(plan.state.id, plan.state);
          else updated.set(plan.state.id, plan.state);
        }
      }
      return { created, updated, emails };
    };
    if (!batchId) return void (await work(db));
    await db.transaction().execute(async (trx) => {
      // Imports take turns a batch at a time, so two at once (two tabs, two instances) never
      // both create a lead for one new address: the second reads the first's after it commits.
      await lockLead(trx, "lead-import");
      const { created, updated, emails } = await work(trx);
      await writeBatch(trx, batchId, [...created.values()], [...updated.values()], emails, now);
    });
  };

  if (batchId)
    await startImport(db, { id: batchId, fileName: options.fileName, actor: options.actor, now });
  const utf8 = new Utf8Bytes();
  const parser = parse({
    info: true,
    raw: true,
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: importLimits.recordBytes,
    record_delimiter: ["\r\n", "\n", "\r"],
  });
  let failure: unknown;
  pipeline(body, utf8, parser, (error) => {
    if (error) failure ??= error;
  });

  let columns: ColumnMapping | undefined;
  let rows = 0;
  let nextLine = 1;
  let lastEmpty = 0;
  let batch: Pending[] = [];
  try {
    for await (const { record, raw, info } of parser as AsyncIterable<{
      record: string[];
      raw: string;
      info: Info;
    }>) {
      // The record's first physical line, counted from its raw text (info.lines counts a
      // quoted CRLF twice): after the previous record and the empty lines skipped since.
      const line = nextLine + (info.empty_lines - lastEmpty);
      nextLine += lineBreaks(raw);
      lastEmpty = info.empty_lines;
      if (!columns) {
        const mapped = mapColumns(record);
        if ("message" in mapped) throw new ImportRefusal(400, mapped.message);
        columns = mapped;
        continue;
      }
      if (record.every((cell) => cell.trim() === "")) continue;
      if (++rows > importLimits.rows) throw new ImportRefusal(413, importTexts.tooManyRows);
      const checked = readRow(record, columns);
      if ("message" in checked) refuse(line, checked.message);
      else batch.push({ line, row: checked.row });
      if (batch.length >= 500) {
        await runBatch(batch);
        batch = [];
      }
    }
    if (failure) throw failure;
    if (!columns || rows === 0) throw new ImportRefusal(400, importTexts.empty);
    await runBatch(batch);
  } catch (error) {
    parser.destroy();
    body.resume();
    // What was written of a file refused part-way goes again: all of it, or none.
    if (batchId) await revertChanges(db, batchId, now.getTime(), options.actor, now, options.erase);
    if (batchId) await dropImport(db, batchId);
    throw refusalOf(failure ?? error, parser.info.lines);
  }
  if (batchId) await finishImport(db, batchId, counts, now);
  return {
    new: counts.new,
    updated: counts.updated,
    unchanged: counts.unchanged,
    invalid,
    invalidTotal: counts.invalid,
    columns: {
      matched: columns.matched,
      ignored: columns.ignored,
      unknown: columns.unknown,
    },
    ...(batchId ? { batchId } : {}),
  };
}

/** The line ends in a record's raw text (with the empty lines before it, and its own end). */
const lineBreaks = (raw: string) => raw.match(/\r\n|\r|\n/g)?.length ?? 0;

/** A refusal for what stopped the import: ours as is, csv-parse's as the line it names. */
function refusalOf(error: unknown, line: number): unknown {
  if (error instanceof ImportRefusal) return error;
  const code = (error as { code?: unknown })?.code;
  if (typeof code === "string" && code.startsWith("CSV_")) {
    const at = Number((error as { lines?: unknown }).lines) || line;
    return new ImportRefusal(400, importTexts.malformed(at));
  }
  return error;
}
