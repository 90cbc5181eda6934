import * as z from "zod/mini";
import { nameCheck, textCheck } from "./api.ts";
import { isValidEmail } from "./email.ts";
import { commStatuses, leadStatuses, maxLeadValue } from "./lead-record.ts";
import { isFollowUpDate } from "./lead-update.ts";
import { limits } from "./limits.ts";

/**
 * Importing leads from a CSV file (docs/integrations.md, "Importing leads"; the choices are in
 * docs/decisions/040-lead-import.md): the file's limits, how its columns are recognised, what a
 * row must hold, and the API's answers.
 */

export const importLimits = Object.freeze({
  bytes: 10 * 1024 * 1024,
  rows: 50_000,
  /** Invalid rows listed in an answer; `invalidTotal` counts them all. */
  listedInvalid: 1000,
  /** One record (a row with its quoted line breaks): far beyond any real lead. */
  recordBytes: 64 * 1024,
  /** How long an import can be undone. */
  undoDays: 7,
});

export const importTexts = Object.freeze({
  tooLarge: "The file is larger than 10 MB. Split it into smaller files and import each.",
  tooManyRows: "The file has more than 50,000 rows. Split it into smaller files and import each.",
  notCsv: "Send the file as text/csv (a CSV file exported from a spreadsheet or a CRM).",
  notUtf8: "The file is not UTF-8 text. Save it as “CSV UTF-8” in your spreadsheet and try again.",
  empty: "The file is empty: it needs a header row and at least one lead.",
  noEmail:
    "The file has no e-mail column. Name one “Email” (or “E-mail”, “Email Address”) and try again.",
  duplicateColumn: (field: string) =>
    `More than one column holds ${field}. Keep one and try again.`,
  malformed: (line: number) =>
    `The file is not valid CSV near line ${line} (a quote left open, or a row far too long).`,
  badEmail: "The e-mail address is missing or not valid.",
  badFirstName: `The first name must be one line of at most ${limits.name} characters.`,
  badLastName: `The last name must be one line of at most ${limits.name} characters.`,
  badMessage: `The message must be at most ${limits.message.toLocaleString("en-US")} characters, without the NUL character.`,
  badNotes: `The notes must be at most ${limits.notes.toLocaleString("en-US")} characters, without the NUL character.`,
  notesFull: `The lead's notes would grow past ${limits.notes.toLocaleString("en-US")} characters.`,
  badCommStatus: `Communication status must be one of: ${commStatuses.join(", ")}.`,
  badLeadStatus: `Lead status must be one of: ${leadStatuses.join(", ")}.`,
  badValue: "The value must be a whole number from 0 to 1,000,000,000.",
  badFollowUp: "The next follow-up must be a date written YYYY-MM-DD, from 2000 on.",
  batchNotFound: "There is no such import.",
  alreadyUndone: "This import has already been undone.",
  undoExpired: "This import is more than 7 days old and can no longer be undone.",
  notYours: "Only the owner, or the person who ran it, can undo an import.",
});

/** What a column can fill: the lead's fields, plus the phone and a whole name. */
export const importFields = [
  "Email",
  "FirstName",
  "LastName",
  "Name",
  "Message",
  "Notes",
  "Phone",
  "CommStatus",
  "LeadStatus",
  "Value",
  "NextFollowUp",
] as const;
export type ImportField = (typeof importFields)[number];

/** A header as compared: lowercase, without spaces, underscores, hyphens and dots. */
export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[\s_.\-–—]+/g, "");

/**
 * The names each field goes by: the tracker's own export, HubSpot's and Pipedrive's contact
 * exports ("Person - Email" normalises to "personemail"), and common spreadsheet headings.
 */
const aliases: Record<ImportField, readonly string[]> = {
  Email: ["email", "emailaddress", "e-mail", "mail", "personemail", "personemailwork", "workemail"],
  FirstName: ["firstname", "givenname", "forename", "personfirstname"],
  LastName: ["lastname", "surname", "familyname", "personlastname"],
  Name: ["name", "fullname", "personname", "contactname"],
  Message: ["message", "enquiry", "inquiry"],
  Notes: ["notes", "note", "description", "comments"],
  Phone: ["phone", "phonenumber", "mobilephonenumber", "mobile", "personphone", "personphonework"],
  CommStatus: ["commstatus", "communicationstatus"],
  LeadStatus: ["leadstatus"],
  Value: ["value", "dealvalue", "amount", "personvalue"],
  NextFollowUp: ["nextfollowup", "followup", "followupdate"],
};

/**
 * The tracker's own export columns that an import recognises and leaves alone: an import never
 * sets IDs, timestamps or where a lead came from (it says "import").
 */
const ignoredHeaders = new Set(
  [
    "ID",
    "ContactedUs",
    "SourcePage",
    "CreatedAt",
    "UpdatedAt",
    "Source",
    "Referrer",
    "UtmSource",
    "UtmMedium",
    "UtmCampaign",
    "EntryPage",
    "AssignedTo",
    "ClosedAt",
  ].map(normaliseHeader),
);

const fieldByAlias = new Map<string, ImportField>(
  importFields.flatMap((field) => aliases[field].map((alias) => [normaliseHeader(alias), field])),
);

export type ColumnMapping = {
  /** Each field's column index. */
  readonly indexes: Partial<Record<ImportField, number>>;
  readonly matched: Record<string, ImportField>;
  readonly ignored: string[];
  readonly unknown: string[];
};

/** The columns of a header row, or the message that refuses the file. */
export function mapColumns(headers: readonly string[]): ColumnMapping | { message: string } {
  const indexes: Partial<Record<ImportField, number>> = {};
  const matched: Record<string, ImportField> = {};
  const ignored: string[] = [];
  const unknown: string[] = [];
  headers.forEach((raw, index) => {
    const header = raw.trim().slice(0, 200);
    const key = normaliseHeader(header);
    if (key === "") return;
    const field = fieldByAlias.get(key);
    if (field) {
      if (indexes[field] !== undefined) unknown.push(header);
      else {
        indexes[field] = index;
        matched[header] = field;
      }
    } else if (ignoredHeaders.has(key)) ignored.push(header);
    else unknown.push(header);
  });
  if (indexes.Email === undefined) return { message: importTexts.noEmail };
  return { indexes, matched, ignored: ignored.slice(0, 100), unknown: unknown.slice(0, 100) };
}

/** One row as the lead fields it fills ("" for nothing). */
export type ImportRow = {
  email: string;
  firstName: string;
  lastName: string;
  message: string;
  /** The notes and the phone, as one text to append. */
  note: string;
  commStatus: (typeof commStatuses)[number] | null;
  leadStatus: (typeof leadStatuses)[number] | null;
  value: number | null;
  nextFollowUp: string | null;
};

const nameField = (error: string) =>
  z.string().check(z.maxLength(limits.name, { error }), nameCheck(error));

const rowSchema = z.object({
  email: z
    .string()
    .check(
      z.maxLength(limits.email, { error: importTexts.badEmail }),
      z.refine(isValidEmail, { error: importTexts.badEmail }),
    ),
  firstName: nameField(importTexts.badFirstName),
  lastName: nameField(importTexts.badLastName),
  message: z
    .string()
    .check(
      z.maxLength(limits.message, { error: importTexts.badMessage }),
      textCheck(importTexts.badMessage),
    ),
  notes: z
    .string()
    .check(
      z.maxLength(limits.notes, { error: importTexts.badNotes }),
      textCheck(importTexts.badNotes),
    ),
  phone: z
    .string()
    .check(z.maxLength(100, { error: importTexts.badNotes }), textCheck(importTexts.badNotes)),
});

/** "1,200", "$ 1200", "1200.00": a whole number of currency units, or undefined. */
function wholeValue(text: string): number | null | undefined {
  if (text === "") return null;
  const digits = text.replace(/^[^\d]{1,3}(?=\d)/, "").replace(/[,\s']/g, "");
  if (!/^\d{1,10}(?:\.0{1,2})?$/.test(digits)) return undefined;
  const value = Number.parseInt(digits, 10);
  return value <= maxLeadValue ? value : undefined;
}

function statusOf<S extends string>(text: string, values: readonly S[]): S | null | undefined {
  if (text === "") return null;
  const upper = text.toUpperCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
  return values.find((value) => value === upper);
}

/** A data row checked: the lead fields it fills, or what is wrong with it. */
export function readRow(
  record: readonly string[],
  columns: ColumnMapping,
): { row: ImportRow } | { message: string } {
  const cell = (field: ImportField) => {
    const index = columns.indexes[field];
    return index === undefined ? "" : (record[index] ?? "").trim();
  };
  let firstName = cell("FirstName");
  let lastName = cell("LastName");
  const name = cell("Name").replace(/\s+/g, " ");
  if (name && !firstName && !lastName) {
    // A whole name: the last word is the family name ("Ana Maria Lopes" → "Ana Maria", "Lopes").
    const at = name.lastIndexOf(" ");
    firstName = at > 0 ? name.slice(0, at) : name;
    lastName = at > 0 ? name.slice(at + 1) : "";
  }
  const parsed = z.safeParse(rowSchema, {
    email: cell("Email"),
    firstName,
    lastName,
    message: cell("Message"),
    notes: cell("Notes"),
    phone: cell("Phone"),
  });
  if (!parsed.success) return { message: parsed.error.issues[0]?.message ?? importTexts.badEmail };
  const commStatus = statusOf(cell("CommStatus"), commStatuses);
  if (commStatus === undefined) return { message: importTexts.badCommStatus };
  const leadStatus = statusOf(cell("LeadStatus"), leadStatuses);
  if (leadStatus === undefined) return { message: importTexts.badLeadStatus };
  const value = wholeValue(cell("Value"));
  if (value === undefined) return { message: importTexts.badValue };
  const followUp = cell("NextFollowUp");
  if (followUp && !isFollowUpDate(followUp)) return { message: importTexts.badFollowUp };
  const { notes, phone } = parsed.data;
  return {
    row: {
      ...parsed.data,
      note: [notes, phone ? `Phone: ${phone}` : ""].filter(Boolean).join("\n"),
      commStatus,
      leadStatus,
      value,
      nextFollowUp: followUp || null,
    },
  };
}

const columnsReport = z.object({
  matched: z
    .record(z.string(), z.enum(importFields))
    .check(z.describe("Each recognised column and the field it fills.")),
  ignored: z
    .array(z.string())
    .check(
      z.describe("The tracker's own export columns an import leaves alone (ID, CreatedAt, …)."),
    ),
  unknown: z
    .array(z.string())
    .check(
      z.describe("Columns not recognised: reported, never guessed; their cells are not imported."),
    ),
});

export const importResult = z.object({
  new: z.number().check(z.describe("Leads the file adds.")),
  updated: z
    .number()
    .check(z.describe("Leads already here whose empty fields it fills or whose notes it adds to.")),
  unchanged: z.number().check(z.describe("Rows for leads already here that bring nothing new.")),
  invalid: z
    .array(z.object({ line: z.number(), message: z.string() }))
    .check(z.describe("The first 1,000 invalid rows, by the file's own line number.")),
  invalidTotal: z.number(),
  columns: columnsReport,
  batchId: z.optional(
    z.string().check(z.describe("The import, to undo it (absent in a dry run).")),
  ),
});
export type ImportResult = z.output<typeof importResult>;

export const importQuery = z.object({
  dryRun: z.optional(
    z.catch(
      z.pipe(
        z.enum(["true", "false", "1", "0"]),
        z.transform((v) => v === "true" || v === "1"),
      ),
      false,
    ),
  ),
  fileName: z.optional(
    z.catch(
      z.string().check(z.maxLength(200), z.describe("The file's name, for the import's record.")),
      "",
    ),
  ),
});

export const importBatchParams = z.object({
  id: z.string().check(z.describe("The batchId an import answered.")),
});

export const undoResult = z.object({
  removed: z.number().check(z.describe("Leads the import created, now erased.")),
  reverted: z.number().check(z.describe("Leads the import changed, put back.")),
  notReverted: z
    .number()
    .check(z.describe("Leads changed by the team since, left as they are (created or updated).")),
});
export type UndoResult = z.output<typeof undoResult>;
