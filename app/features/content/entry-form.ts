import { z } from "zod";
import type { ContentType } from "../../../domain/content-entry.ts";
import {
  blogPostSchema,
  caseStudySchema,
  eventSchema,
  guideSchema,
  testimonialSchema,
} from "../../../domain/content-schema.ts";
import { isoInZone, zonedMinute } from "../../../domain/dates.ts";
import type { Entry } from "./content-api.ts";
import { type FieldSpec, fieldsByType } from "./content-fields.ts";

/**
 * The editor's form is strings (what inputs hold) keyed by field name; the entry is what the
 * API and domain/content-schema.ts speak. Converting in one pure place keeps the round trip
 * testable: an entry opened and saved untouched comes back the same.
 */
export type FormValues = Record<string, string | boolean>;
export type Draft = { slug: string; body: string; values: FormValues };

/** No schema in domain/ yet for people; the rule the API is expected to hold. */
const personSchema = z.strictObject({
  name: z.string().trim().min(2).max(60),
  role: z.string().trim().min(2).max(60),
  portrait: z.string().trim().min(3).optional(),
  bio: z.string().trim().min(20),
  order: z.number().int().default(0),
});

const schemas: Record<ContentType, z.ZodType> = {
  post: blogPostSchema,
  event: eventSchema,
  "case-study": caseStudySchema,
  guide: guideSchema,
  testimonial: testimonialSchema,
  person: personSchema,
};

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "2027-01-21T18:00" on the owner's clock → "2027-01-21T18:00:00-05:00". */
export function zonedInputToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, day, hour, minute] = match as unknown as [string, string, string, string];
  const at = zonedMinute(day, Number(hour) * 60 + Number(minute), timeZone);
  return isoInZone(at.toISOString(), timeZone);
}

/** An instant → the owner's wall clock as a datetime-local input reads it. */
export function isoToZonedInput(iso: string, timeZone: string): string {
  const zoned = isoInZone(iso, timeZone);
  return zoned === iso && Number.isNaN(Date.parse(iso)) ? "" : zoned.slice(0, 16);
}

function read(source: Record<string, unknown>, name: string): unknown {
  return name
    .split(".")
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined,
      source,
    );
}

function toInput(spec: FieldSpec, value: unknown, timeZone: string): string | boolean {
  if (spec.kind === "checkbox") return value === true;
  if (value === undefined || value === null) return "";
  if (spec.kind === "datetime") return isoToZonedInput(String(value), timeZone);
  if (spec.kind === "list") return Array.isArray(value) ? value.join(", ") : String(value);
  if (spec.kind === "lines" && Array.isArray(value)) {
    return value
      .map((row) =>
        (spec.parts ?? [])
          .map((part) => (row as Record<string, unknown>)[part] ?? "")
          .join(" | ")
          .replace(/( \| )+$/, ""),
      )
      .join("\n");
  }
  return String(value);
}

export function entryToDraft(entry: Entry, timeZone: string): Draft {
  const values: FormValues = {};
  for (const spec of fieldsByType[entry.type]) {
    values[spec.name] = toInput(spec, read(entry, spec.name), timeZone);
  }
  return { slug: entry.slug, body: entry.body ?? "", values };
}

export function emptyDraft(type: ContentType): Draft {
  const values: FormValues = {};
  for (const spec of fieldsByType[type]) {
    values[spec.name] =
      spec.kind === "checkbox" ? false : spec.kind === "select" ? (spec.options?.[0] ?? "") : "";
  }
  return { slug: "", body: "", values };
}

function fromInput(spec: FieldSpec, raw: string | boolean, timeZone: string): unknown {
  if (spec.kind === "checkbox") return raw === true;
  const text = String(raw).trim();
  if (text === "") return undefined;
  switch (spec.kind) {
    case "number":
      return Number(text);
    case "datetime":
      // Unreadable input goes as typed, so the schema names the problem.
      return zonedInputToIso(text, timeZone) ?? text;
    case "list":
      return text
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
    case "lines":
      return text
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => {
          const cells = line.split("|").map((cell) => cell.trim());
          return Object.fromEntries(
            (spec.parts ?? []).flatMap((part, i) => (cells[i] ? [[part, cells[i]]] : [])),
          );
        });
    default:
      return text;
  }
}

/** The type's fields as the API takes them: flat, venue nested, empties left out. */
export function draftToFields(type: ContentType, draft: Draft, timeZone: string) {
  const fields: Record<string, unknown> = {};
  for (const spec of fieldsByType[type]) {
    const value = fromInput(spec, draft.values[spec.name] ?? "", timeZone);
    if (value === undefined) continue;
    const [head, tail] = spec.name.split(".") as [string, string | undefined];
    if (tail) fields[head] = { ...(fields[head] as object | undefined), [tail]: value };
    else fields[head] = value;
  }
  return fields;
}

/**
 * The schema's messages, keyed by the form's field names ("venue.name", "slug"), so each
 * shows beside its own input before anything is sent.
 */
export function validateDraft(
  type: ContentType,
  draft: Draft,
  timeZone: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!slugPattern.test(draft.slug)) {
    errors.slug = "must be lowercase words joined by hyphens, as my-first-post";
  }
  const parsed = schemas[type].safeParse(draftToFields(type, draft, timeZone));
  if (!parsed.success) {
    const names = new Set(fieldsByType[type].map((spec) => spec.name));
    for (const issue of parsed.error.issues) {
      // A message about a whole venue belongs to its first field; a list item's to its list.
      const full = issue.path.join(".");
      const key = names.has(full)
        ? full
        : names.has(String(issue.path[0]))
          ? String(issue.path[0])
          : (fieldsByType[type].find((spec) => spec.name.startsWith(`${String(issue.path[0])}.`))
              ?.name ?? String(issue.path[0]));
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

/** Whether two drafts hold the same text: what autosave compares against what it sent. */
export const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);
