import * as z from "zod/mini";
import { optionalBody } from "./api.ts";
import { contentStatuses, contentTypeNames } from "./content-entry.ts";

/**
 * The shapes of the content studio's API (ADR 031). An entry's own fields (a post's title,
 * an event's start, …) travel flat beside type, slug and body, as in the Markdown's
 * frontmatter; the server checks them against the type's schema (domain/content-schema.ts),
 * which the browser need not load to read an answer.
 */
const typeOf = z.enum(contentTypeNames, {
  error: `The type must be one of ${contentTypeNames.join(", ")}.`,
});
const statusOf = z.enum(contentStatuses, {
  error: `The status must be one of ${contentStatuses.join(", ")}.`,
});
const person = z.nullable(z.object({ name: z.string(), email: z.string() }));
const time = z.string().check(z.describe("An ISO 8601 UTC timestamp."));

export const contentListQuery = z.object({
  type: z.optional(typeOf),
  status: z.optional(statusOf),
  q: z.optional(z.string().check(z.maxLength(200, "The search is at most 200 characters."))),
});

/**
 * An entry's figures for the list (docs/site.md, "What each entry brings"): its page's views,
 * the leads that entered the site on it and what they won, over the insights' default range.
 */
export const contentStats = z.object({
  views: z.number().check(z.describe("Page views of the entry's page and its old paths.")),
  leads: z.number().check(z.describe("Leads whose visit entered the site on one of them.")),
  won: z.number().check(z.describe("Those leads now CONVERTED.")),
  wonValue: z.number().check(z.describe("Their total value, in the studio's currency.")),
});
export type ContentStats = z.output<typeof contentStats>;

export const contentSummary = z.object({
  id: z.string(),
  type: typeOf,
  slug: z.string(),
  title: z.string(),
  status: statusOf,
  version: z.number(),
  publishAt: z.nullable(time),
  publishedAt: z.nullable(time),
  updatedAt: time,
  changedSincePublished: z.boolean(),
  url: z.nullable(z.string().check(z.describe("The live page's path, or null."))),
  stats: z
    .nullable(contentStats)
    .check(z.describe("The last 30 days' figures; null while the entry has no live page.")),
});

export const contentList = z.object({
  entries: z.array(contentSummary),
  period: z
    .object({ from: z.string(), to: z.string() })
    .check(
      z.describe("The days the figures cover, YYYY-MM-DD in the owner's zone, both included."),
    ),
});

/** An entry: its state, then its own fields (flat, as in the frontmatter) and its body. */
export const contentEntry = z.looseObject({
  id: z.string(),
  type: typeOf,
  slug: z.string(),
  status: statusOf,
  version: z.number(),
  publishAt: z.nullable(time),
  publishedAt: z.nullable(time),
  url: z.nullable(z.string()),
  changedSincePublished: z.boolean(),
  updatedAt: time,
  updatedBy: person,
  body: z.string(),
});

export const contentEntryResponse = z.object({ entry: contentEntry });

const slugField = z.string({ error: "The slug is required." });
const bodyField = z.optional(z.string({ error: "The body must be text (Markdown)." }));

export const createContentBody = z.looseObject({ type: typeOf, slug: slugField, body: bodyField });

export const updateContentBody = z.looseObject({
  slug: slugField,
  body: bodyField,
  version: z
    .number({ error: "Send the version you read the entry at." })
    .check(z.int("The version is a whole number."), z.positive("The version starts at 1.")),
});

export const contentIdParams = z.object({ id: z.string().check(z.maxLength(64)) });
export const revisionParams = z.object({
  id: z.string().check(z.maxLength(64)),
  revisionId: z.string().check(z.maxLength(64)),
});
export const previewLinkParams = z.object({
  id: z.string().check(z.maxLength(64)),
  linkId: z.string().check(z.maxLength(64)),
});

export const publishBody = optionalBody(
  z.object({
    at: z.optional(
      z
        .string({ error: "Give the time as text." })
        .check(z.describe("When to publish, ISO 8601 with an offset: 2027-01-21T09:00:00-05:00.")),
    ),
  }),
);

/** A 400 naming each field's problem by the field's name (`fields.title`, `fields.slug`, …). */
export const fieldErrors = z
  .object({ message: z.string(), fields: z.optional(z.record(z.string(), z.string())) })
  .check(z.describe("A field is invalid: `message` is the first problem, `fields` each one."));

export const staleEntry = z
  .object({
    message: z.string(),
    current: z.object({ version: z.number(), updatedAt: time, updatedBy: person }),
  })
  .check(z.describe("Someone saved the entry since the version sent: who, and when."));

export const revisionSummary = z.object({
  id: z.string(),
  createdAt: time,
  author: person,
  kind: z.enum(["session", "publish", "restore"]),
});

export const revisionDetail = z.object({
  ...revisionSummary.shape,
  slug: z.string(),
  fields: z.record(z.string(), z.unknown()),
  body: z.string(),
});

export const previewLink = z.object({ id: z.string(), createdAt: time, expiresAt: time });
