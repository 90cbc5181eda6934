import path from "node:path";
import matter from "gray-matter";
import type { z } from "zod";
import {
  type BlogPostMeta,
  blogPostSchema,
  type CaseStudyMeta,
  caseStudySchema,
  describeIssues,
  type EventMeta,
  eventSchema,
  type GuideMeta,
  guideSchema,
  type PersonMeta,
  personSchema,
  type TestimonialMeta,
  testimonialSchema,
} from "../../domain/content-schema.ts";
import { installedContentSource } from "../../domain/content-source.ts";
import { site } from "../../domain/site.ts";
import { typographic } from "../../domain/typography.ts";
import type { ResponsiveImageData } from "../components/responsive-image.tsx";
import { imageFor } from "./images.server.ts";
import { countWords, type Heading, readingMinutes, renderMarkdown } from "./markdown.server.ts";
import { normalizeYamlDates, readMarkdownFolder } from "./markdown-source.server.ts";

export type Entry<Meta> = {
  readonly slug: string;
  readonly file: string;
  readonly meta: Meta;
  readonly html: string;
  readonly headings: readonly Heading[];
  readonly words: number;
  readonly readingMinutes: number;
};

export class ContentError extends Error {
  override name = "ContentError";
}

/** Every string in parsed frontmatter, with typographic quotes (no field holds code). */
function curlQuotes<T>(value: T): T {
  if (typeof value === "string") return typographic(value) as T;
  if (Array.isArray(value)) return value.map(curlQuotes) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, curlQuotes(inner)]),
    ) as T;
  return value;
}

export function parseEntry<Schema extends z.ZodType>(
  file: string,
  source: string,
  schema: Schema,
  displayPath = file,
  options: { headingOffset?: number; prefixIds?: boolean } = {},
): Entry<z.infer<Schema>> {
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(source);
  } catch (error) {
    throw new ContentError(
      `${displayPath}: frontmatter is not valid YAML: ${(error as Error).message}`,
    );
  }
  return entryFrom(
    path.basename(file, ".md"),
    normalizeYamlDates(parsed.data),
    parsed.content,
    schema,
    displayPath,
    options,
  );
}

/** An entry from its fields and Markdown body, checked against its schema. */
export function entryFrom<Schema extends z.ZodType>(
  slug: string,
  data: Record<string, unknown>,
  body: string,
  schema: Schema,
  displayPath: string,
  options: { headingOffset?: number; prefixIds?: boolean } = {},
): Entry<z.infer<Schema>> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ContentError(`${displayPath}: invalid frontmatter\n${describeIssues(result.error)}`);
  }
  if (!body.trim()) throw new ContentError(`${displayPath}: the body is empty`);
  const { html, headings } = renderMarkdown(body, {
    headingOffset: options.headingOffset,
    idPrefix: options.prefixIds ? `${slug}-` : "",
  });
  const words = countWords(body);
  return {
    slug,
    file: displayPath,
    // Titles, descriptions and labels are prose too: typographic quotes, as in the body.
    meta: curlQuotes(result.data),
    html,
    headings,
    words,
    readingMinutes: readingMinutes(words),
  };
}

export function loadCollection<Schema extends z.ZodType>(
  root: string,
  folder: string,
  schema: Schema,
  options: { headingOffset?: number; prefixIds?: boolean } = {},
): Entry<z.infer<Schema>>[] {
  return readMarkdownFolder(root, folder).map((entry) =>
    entryFrom(entry.slug, entry.data, entry.body, schema, entry.file, options),
  );
}

const contentRoot = path.resolve(process.cwd(), "content");
// Prerendering calls loaders once per page; read and render each folder once per build, or
// once per generation of the installed source (app/content/content-source.server.ts).
const cache = new Map<string, unknown>();
let cachedGeneration: number | null = null;
function cached<T>(folder: string, load: () => T): T {
  const source = installedContentSource();
  const generation = source?.generation ?? null;
  if (generation !== cachedGeneration) {
    cache.clear();
    cachedGeneration = generation;
  }
  // Asked every time, parsed once: the server learns which folders each page reads (the
  // pages a change can touch) even when the parsed collection comes from this cache.
  source?.entries(folder);
  if (!cache.has(folder)) cache.set(folder, load());
  return cache.get(folder) as T;
}

/** Parsed entries by folder and key, kept across generations while their key is current. */
const parsedByKey = new Map<string, Map<string, unknown>>();

/** A folder's entries: from the installed source when there is one, else from content/. */
function collection<Schema extends z.ZodType>(
  folder: string,
  schema: Schema,
): Entry<z.infer<Schema>>[] {
  const source = installedContentSource();
  if (!source) return loadCollection(contentRoot, folder, schema);
  const previous = parsedByKey.get(folder) ?? new Map<string, unknown>();
  const current = new Map<string, unknown>();
  const entries = source.entries(folder).map((entry) => {
    const known = entry.key === undefined ? undefined : previous.get(entry.key);
    const parsed =
      (known as Entry<z.infer<Schema>> | undefined) ??
      entryFrom(entry.slug, entry.data, entry.body, schema, entry.file);
    if (entry.key !== undefined) current.set(entry.key, parsed);
    return parsed;
  });
  parsedByKey.set(folder, current);
  return entries;
}

const newestFirst = <M extends { date: string }>(a: Entry<M>, b: Entry<M>) =>
  b.meta.date.localeCompare(a.meta.date);

export const blogPosts = (): Entry<BlogPostMeta>[] =>
  cached("blog", () => collection("blog", blogPostSchema).sort(newestFirst));

export const wordpressGuides = (): Entry<GuideMeta>[] =>
  cached("guides/wordpress", () =>
    collection("guides/wordpress", guideSchema).sort((a, b) => a.meta.order - b.meta.order),
  );

export const caseStudies = (): Entry<CaseStudyMeta>[] =>
  cached("case-studies", () => collection("case-studies", caseStudySchema).sort(newestFirst));

/** What a case-study card needs (the body stays out of the page data). */
export const caseStudySummaries = () =>
  caseStudies().map(({ slug, meta }) => ({
    slug,
    client: meta.client,
    title: meta.title,
    summary: meta.summary,
    industry: meta.industry,
    results: meta.results,
  }));

export const events = (): Entry<EventMeta>[] =>
  cached("events", () =>
    // Each event has a page of its own (/events/:slug); the index lists them as summaries.
    collection("events", eventSchema).sort((a, b) => a.meta.start.localeCompare(b.meta.start)),
  );

/** A quote longer than this is a case study, not a testimonial: the card is made for a few lines. */
export const testimonialMaxLength = 280;

/**
 * The clients' words, in page order. Each names a case study that exists, when it names one,
 * and stays short enough for its card; the build stops otherwise, naming the file.
 */
/**
 * The studio's people, as /about, a post's author card and /book show them, in their order.
 * A person is frontmatter only (their few lines are `bio`), so no body is asked of them.
 */
export const people = (): PersonMeta[] =>
  cached("people", () => {
    const source = installedContentSource();
    const entries = source ? source.entries("people") : readMarkdownFolder(contentRoot, "people");
    return entries
      .map(({ data, file }) => {
        const result = personSchema.safeParse(data);
        if (!result.success)
          throw new ContentError(`${file}: invalid frontmatter\n${describeIssues(result.error)}`);
        return curlQuotes(result.data);
      })
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  });

export const testimonials = (): Entry<TestimonialMeta>[] =>
  cached("testimonials", () => {
    const entries = collection("testimonials", testimonialSchema).sort(
      (a, b) => a.meta.order - b.meta.order || a.slug.localeCompare(b.slug),
    );
    const studies = new Set(caseStudies().map((study) => study.slug));
    for (const entry of entries) {
      const text = entry.html.replace(/<[^>]+>/g, "").trim();
      if (text.length > testimonialMaxLength)
        throw new ContentError(
          `${entry.file}: the quote is ${text.length} characters; keep it under ${testimonialMaxLength}`,
        );
      if (entry.meta.caseStudy && !studies.has(entry.meta.caseStudy))
        throw new ContentError(
          `${entry.file}: caseStudy "${entry.meta.caseStudy}" is no case study`,
        );
    }
    // Placeholder words must not go live unnoticed: every build that publishes them says so.
    const samples = entries.filter((entry) => entry.meta.sample).length;
    if (samples > 0)
      console.warn(
        `content: ${samples} of ${entries.length} testimonials are sample copy (sample: true); replace them with your clients' own approved words (docs/site.md, "Testimonials")`,
      );
    return entries;
  });

/** What a testimonial card needs: the quote as rendered text, who said it, their photo. */
export type TestimonialCard = TestimonialMeta & {
  readonly slug: string;
  readonly html: string;
  readonly image: ResponsiveImageData | null;
};
export const testimonialsFor = (
  where: TestimonialMeta["pages"][number] | { caseStudy: string },
): Promise<TestimonialCard[]> =>
  Promise.all(
    testimonials()
      // Sample copy shows only while the owner's settings allow it (domain/site.ts).
      .filter(({ meta }) => site.showSampleTestimonials || !meta.sample)
      .filter(({ meta }) =>
        typeof where === "string" ? meta.pages.includes(where) : meta.caseStudy === where.caseStudy,
      )
      .map(async ({ slug, meta, html }) => ({
        ...meta,
        slug,
        html,
        image: meta.photo ? await imageFor(meta.photo) : null,
      })),
  );

export function findEntry<M>(entries: Entry<M>[], slug: string | undefined): Entry<M> {
  const entry = entries.find((e) => e.slug === slug);
  // A 404 Response makes the route's ErrorBoundary render; at build time it fails the prerender.
  if (!entry) throw new Response("Not Found", { status: 404 });
  return entry;
}
