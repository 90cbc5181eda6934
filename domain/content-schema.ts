import { z } from "zod";
import type { ContentType } from "./content-entry.ts";

/**
 * The fields of each kind of content, shared by the Markdown import, the content API, the
 * studio's editor and the renderer: a file or an entry that does not match is refused with
 * its path and the offending field.
 */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "is not a real date");

const isoDateTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/,
    "must be an ISO 8601 date-time with an offset, e.g. 2027-01-21T18:00:00-05:00",
  );

const title = z.string().trim().min(3).max(80);
const description = z
  .string()
  .trim()
  .min(50, "must be at least 50 characters (it is the meta description)")
  .max(160, "must be at most 160 characters (search engines cut longer ones)");
const author = z.string().trim().min(3);

export const blogSections = ["building", "field-notes", "letters"] as const;

export const blogPostSchema = z.strictObject({
  title,
  description,
  date: isoDate,
  author,
  section: z.enum(blogSections),
  tags: z
    .array(z.string().regex(/^[a-z0-9-]+$/, "tags are lowercase words"))
    .min(1)
    .max(6),
});

export const guideSchema = z
  .strictObject({
    title,
    description,
    date: isoDate,
    updated: isoDate.optional(),
    author,
    level: z.enum(["Beginner", "Intermediate", "Advanced"]),
    order: z.number().int().positive(),
  })
  .refine((g) => !g.updated || g.updated >= g.date, {
    message: "must not be earlier than date",
    path: ["updated"],
  });

export const serviceNames = [
  "Custom websites",
  "SEO",
  "E-commerce",
  "Hosting",
  "Custom SaaS",
  "App design",
  "Software audits",
  "Cost optimization",
  "Consulting",
] as const;

export const caseStudySchema = z.strictObject({
  title,
  client: z.string().trim().min(2),
  description,
  date: isoDate,
  industry: z.string().trim().min(3),
  location: z.string().trim().min(3),
  duration: z.string().trim().min(3),
  summary: z.string().trim().min(20).max(160),
  services: z.array(z.enum(serviceNames)).min(1),
  stack: z.array(z.string().trim().min(1)).min(2).max(8),
  results: z
    .array(
      z.strictObject({ value: z.string().trim().min(1).max(12), label: z.string().trim().min(3) }),
    )
    .length(3, "must list exactly three results"),
  /**
   * Screenshots and photos of the work, under content/images/ (at least 1200 px wide), shown
   * after the story at their own proportions; without any, the drawn visual stands alone.
   */
  images: z
    .array(
      z.strictObject({
        src: z
          .string()
          .regex(
            /^[a-z0-9/_-]+\.(jpe?g|png)$/i,
            "must be a JPEG or PNG path under content/images/",
          ),
        alt: z.string().trim().min(10, "must say what the picture shows"),
        caption: z.string().trim().min(3).optional(),
      }),
    )
    .max(8)
    .default([]),
});

const venue = z.strictObject({
  name: z.string().trim().min(2),
  street: z.string().trim().min(2),
  locality: z.string().trim().min(2),
  region: z.string().trim().min(2),
  postalCode: z.string().trim().min(3),
  country: z.string().trim().length(2, "must be a two-letter country code"),
});

export const eventSchema = z
  .strictObject({
    title,
    description,
    start: isoDateTime,
    end: isoDateTime,
    format: z.enum(["in-person", "online"]),
    venue: venue.optional(),
    onlineNote: z.string().trim().min(5).optional(),
    price: z.string().trim().min(1),
    /** How a paid event is paid for, in a sentence or two; else the usual way (paymentNote). */
    payment: z.string().trim().min(10).optional(),
    /** Seats in all: the database refuses a registration past it (ADR 026). */
    capacity: z.number().int().min(1).max(1000),
    /** The day registration opened (the event was announced): the ticket offer's validFrom. */
    announced: isoDate,
  })
  .refine((e) => Date.parse(e.end) > Date.parse(e.start), {
    message: "must be after start",
    path: ["end"],
  })
  .refine((e) => Date.parse(`${e.announced}T00:00:00Z`) < Date.parse(e.start), {
    message: "must be before the event starts",
    path: ["announced"],
  })
  .refine((e) => e.format === "online" || e.venue, {
    message: "is required for in-person events",
    path: ["venue"],
  });

/** The pages a testimonial is shown on: the home page and the two audience pages. */
export const testimonialPages = ["home", "home2", "home3"] as const;

/**
 * A client's words (docs/site.md): the quote is the file's body, one to three sentences. `pages`
 * places it on the landing pages; `caseStudy` makes it that study's pull quote. `sample`
 * marks placeholder copy: the build lists it, to be replaced by a client's own approved words.
 */
export const testimonialSchema = z.strictObject({
  name: z.string().trim().min(2).max(60),
  role: z.string().trim().min(2).max(60),
  business: z.string().trim().min(2).max(60),
  location: z.string().trim().min(2).max(60),
  pages: z.array(z.enum(testimonialPages)).default([]),
  caseStudy: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a case study's slug")
    .optional(),
  /** A portrait under content/images/ (JPEG or PNG, at least 160 px square). */
  photo: z
    .string()
    .regex(/^[a-z0-9/_-]+\.(jpe?g|png)$/i, "must be a JPEG or PNG path under content/images/")
    .optional(),
  /** Order on a page, smallest first. */
  order: z.number().int().default(0),
  sample: z.boolean().default(false),
});

/**
 * One of the studio's people on /about (content/people/). `portrait`
 * names an illustrated portrait (app/components/portrait.tsx) or a JPEG or PNG under
 * content/images/; without one, initials stand in.
 */
export const personSchema = z.strictObject({
  name: z.string().trim().min(2).max(60),
  role: z.string().trim().min(2).max(80),
  portrait: z
    .string()
    .regex(
      /^[a-z0-9/_-]+(\.(jpe?g|png))?$/i,
      "must be a portrait's name or a JPEG or PNG path under content/images/",
    )
    .optional(),
  bio: z.string().trim().min(20).max(600, "must be a few lines: at most 600 characters"),
  /** Order on the page, smallest first. */
  order: z.number().int().default(0),
});

export type ContentTypeInfo = {
  /** The fields of its frontmatter (and of the studio's form). */
  readonly schema: z.ZodType<Record<string, unknown>>;
  /** Its folder under content/ (the import reads it, the export writes it). */
  readonly folder: string;
  /** The public path of an entry with this slug, or null: it has no page of its own. */
  readonly publicPath: ((slug: string) => string) | null;
};

/** Each type of the content API: its schema, its folder under content/, its public path. */
export const contentTypes: Readonly<Record<ContentType, ContentTypeInfo>> = Object.freeze({
  post: {
    schema: blogPostSchema,
    folder: "blog",
    publicPath: (slug) => `/secret/blog/blog/${slug}`,
  },
  event: { schema: eventSchema, folder: "events", publicPath: (slug) => `/events/${slug}` },
  "case-study": {
    schema: caseStudySchema,
    folder: "case-studies",
    publicPath: (slug) => `/previous-work/${slug}`,
  },
  guide: {
    schema: guideSchema,
    folder: "guides/wordpress",
    publicPath: (slug) => `/guides/wordpress/${slug}`,
  },
  testimonial: { schema: testimonialSchema, folder: "testimonials", publicPath: null },
  person: { schema: personSchema, folder: "people", publicPath: null },
});

export type BlogPostMeta = z.infer<typeof blogPostSchema>;
export type GuideMeta = z.infer<typeof guideSchema>;
export type CaseStudyMeta = z.infer<typeof caseStudySchema>;
export type EventMeta = z.infer<typeof eventSchema>;
export type TestimonialMeta = z.infer<typeof testimonialSchema>;
export type PersonMeta = z.infer<typeof personSchema>;

/** Renders zod issues as "field: message" lines for a build error. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map(
      (issue) =>
        `  ${issue.path.length ? issue.path.join(".") : "(frontmatter)"}: ${issue.message}`,
    )
    .join("\n");
}
