import type { z } from "zod";
import {
  bodyMaxLength,
  type ContentType,
  contentTexts,
  newSlugPattern,
  slugMaxLength,
  storedSlugPattern,
} from "../../domain/content-entry.ts";
import { contentTypes } from "../../domain/content-schema.ts";
import type { Snapshot } from "./revisions.repository.ts";

/**
 * Checks what the studio sends for an entry (flat: slug, body and the type's fields, as in the
 * frontmatter) against the type's schema, and says what is wrong field by field. The fields
 * are stored as sent once they pass (the renderer parses them through the same schema), so an
 * imported file exports back exactly as it was.
 */

/** Keys of a request or of an entry as read that are not the type's own fields. */
const notFields = new Set([
  "type",
  "slug",
  "body",
  "version",
  "id",
  "status",
  "publishAt",
  "publishedAt",
  "url",
  "changedSincePublished",
  "updatedAt",
  "updatedBy",
]);

export type FieldProblems = { message: string; fields: Record<string, string> };

const hasNulAnywhere = (value: unknown): boolean => {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(hasNulAnywhere);
  if (value && typeof value === "object")
    return Object.entries(value).some(
      ([key, inner]) => key.includes("\u0000") || hasNulAnywhere(inner),
    );
  return false;
};

const problemText = (issue: z.core.$ZodIssue): string => {
  if (issue.code === "invalid_type" && issue.message.includes("received undefined"))
    return "is required";
  return issue.message;
};

/** The type's own fields of a request, checked; `problems` names each field that fails. */
export function checkFields(
  type: ContentType,
  request: Record<string, unknown>,
): { data: Record<string, unknown> } | { problems: Record<string, string> } {
  const data = Object.fromEntries(Object.entries(request).filter(([key]) => !notFields.has(key)));
  const result = contentTypes[type].schema.safeParse(data);
  if (result.success) return { data };
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) problems[key] ??= `is not a field of a ${type}`;
      continue;
    }
    const field = issue.path.length ? issue.path.join(".") : "(entry)";
    problems[field] ??= problemText(issue);
  }
  return { problems };
}

/**
 * The whole entry of a request, or its problems: the slug (lowercase for a new one; one kept
 * from before may keep its capitals), the body's length and NUL bytes, and the type's fields.
 */
export function checkEntry(
  type: ContentType,
  request: Record<string, unknown>,
  keptSlug?: string,
): { snapshot: Snapshot } | FieldProblems {
  const fields: Record<string, string> = {};
  const slug = typeof request.slug === "string" ? request.slug : "";
  const body = typeof request.body === "string" ? request.body : "";
  const slugOk =
    slug.length <= slugMaxLength &&
    (slug === keptSlug ? storedSlugPattern.test(slug) : newSlugPattern.test(slug));
  if (!slugOk) fields.slug = contentTexts.slug;
  if (body.length > bodyMaxLength) fields.body = contentTexts.bodyTooLong;
  else if (body.includes("\u0000")) fields.body = contentTexts.bodyNul;
  if (hasNulAnywhere(request) && !fields.body)
    return { message: contentTexts.fieldNul, fields: { "(entry)": contentTexts.fieldNul } };
  const checked = checkFields(type, request);
  if ("problems" in checked) Object.assign(fields, checked.problems);
  const first = Object.entries(fields)[0];
  if (first || !("data" in checked)) {
    const [field, problem] = first ?? ["(entry)", contentTexts.invalidFields];
    const message =
      field === "slug" || field === "body" || field === "(entry)"
        ? problem
        : `${field}: ${problem}`;
    return { message, fields };
  }
  return { snapshot: { slug, data: checked.data, body } };
}
