import type { ContentType } from "../../../domain/content-entry.ts";
import { blogSections, serviceNames, testimonialPages } from "../../../domain/content-schema.ts";

/**
 * What the editor asks for each type of content, in the order the page reads: generated
 * forms, so a field added to a type is one line here and its rule stays in
 * domain/content-schema.ts.
 */
export type FieldKind =
  | "text"
  | "textarea"
  | "date"
  | "datetime"
  | "number"
  | "select"
  | "list"
  | "lines"
  | "checkbox";

export type FieldSpec = {
  /** The entry's field name; a dotted name ("venue.name") lives in a nested object. */
  name: string;
  label: string;
  kind: FieldKind;
  options?: readonly string[];
  hint?: string;
  /** Left out of the entry when empty, as the schema's optional fields are. */
  optional?: boolean;
  /** For `lines`: the names of the parts of each line, split on " | ". */
  parts?: readonly string[];
};

export const typeLabels: Record<ContentType, { plural: string; singular: string }> = {
  post: { plural: "Journal posts", singular: "Journal post" },
  event: { plural: "Events", singular: "Event" },
  "case-study": { plural: "Case studies", singular: "Case study" },
  guide: { plural: "Guides", singular: "Guide" },
  testimonial: { plural: "Testimonials", singular: "Testimonial" },
  person: { plural: "People", singular: "Person" },
};

const title: FieldSpec = { name: "title", label: "Title", kind: "text" };
const description: FieldSpec = {
  name: "description",
  label: "Description",
  kind: "textarea",
  hint: "50 to 160 characters: the page's meta description.",
};
const date: FieldSpec = { name: "date", label: "Date", kind: "date" };
const author: FieldSpec = { name: "author", label: "Author", kind: "text" };
const order: FieldSpec = {
  name: "order",
  label: "Order",
  kind: "number",
  hint: "Smallest first.",
};

export const fieldsByType: Record<ContentType, readonly FieldSpec[]> = {
  post: [
    title,
    description,
    date,
    author,
    { name: "section", label: "Section", kind: "select", options: blogSections },
    {
      name: "tags",
      label: "Tags",
      kind: "list",
      hint: "One to six lowercase words, separated by commas.",
    },
  ],
  event: [
    title,
    description,
    { name: "start", label: "Starts", kind: "datetime" },
    { name: "end", label: "Ends", kind: "datetime" },
    { name: "format", label: "Format", kind: "select", options: ["in-person", "online"] },
    { name: "venue.name", label: "Venue name", kind: "text", optional: true },
    { name: "venue.street", label: "Street", kind: "text", optional: true },
    { name: "venue.locality", label: "City", kind: "text", optional: true },
    { name: "venue.region", label: "State or region", kind: "text", optional: true },
    { name: "venue.postalCode", label: "Postal code", kind: "text", optional: true },
    {
      name: "venue.country",
      label: "Country",
      kind: "text",
      optional: true,
      hint: "Two letters, as US.",
    },
    { name: "onlineNote", label: "Online note", kind: "textarea", optional: true },
    { name: "price", label: "Price", kind: "text", hint: "As it reads: Free, $25." },
    { name: "payment", label: "How to pay", kind: "textarea", optional: true },
    { name: "capacity", label: "Seats", kind: "number" },
    {
      name: "announced",
      label: "Announced on",
      kind: "date",
      hint: "The day registration opened.",
    },
  ],
  "case-study": [
    title,
    { name: "client", label: "Client", kind: "text" },
    description,
    date,
    { name: "industry", label: "Industry", kind: "text" },
    { name: "location", label: "Location", kind: "text" },
    { name: "duration", label: "Duration", kind: "text" },
    { name: "summary", label: "Summary", kind: "textarea" },
    {
      name: "services",
      label: "Services",
      kind: "list",
      hint: `Separated by commas, from: ${serviceNames.join(", ")}.`,
    },
    { name: "stack", label: "Stack", kind: "list", hint: "Two to eight, separated by commas." },
    {
      name: "results",
      label: "Results",
      kind: "lines",
      parts: ["value", "label"],
      hint: "Exactly three lines, each “value | label”, as “3× | more enquiries”.",
    },
    {
      name: "images",
      label: "Images",
      kind: "lines",
      parts: ["src", "alt", "caption"],
      optional: true,
      hint: "One a line: “path | what it shows | caption (optional)”.",
    },
  ],
  guide: [
    title,
    description,
    date,
    { name: "updated", label: "Updated", kind: "date", optional: true },
    author,
    {
      name: "level",
      label: "Level",
      kind: "select",
      options: ["Beginner", "Intermediate", "Advanced"],
    },
    { ...order, hint: "Its place in the guides, from 1." },
  ],
  testimonial: [
    { name: "name", label: "Name", kind: "text" },
    { name: "role", label: "Role", kind: "text" },
    { name: "business", label: "Business", kind: "text" },
    { name: "location", label: "Location", kind: "text" },
    {
      name: "pages",
      label: "Shown on",
      kind: "list",
      optional: true,
      hint: `Separated by commas, from: ${testimonialPages.join(", ")}.`,
    },
    {
      name: "caseStudy",
      label: "Case study",
      kind: "text",
      optional: true,
      hint: "A case study's slug, to be its pull quote.",
    },
    { name: "photo", label: "Photo", kind: "text", optional: true },
    order,
    { name: "sample", label: "Sample words (placeholder copy)", kind: "checkbox" },
  ],
  person: [
    { name: "name", label: "Name", kind: "text" },
    { name: "role", label: "Role", kind: "text" },
    { name: "portrait", label: "Portrait", kind: "text", optional: true },
    { name: "bio", label: "Bio", kind: "textarea" },
    order,
  ],
};

/** The field a title comes from in the list: people and testimonials have names. */
export const titleField = (type: ContentType) =>
  type === "testimonial" || type === "person" ? "name" : "title";
