import * as z from "zod/mini";
import { isoTimestamp, lineCheck } from "./api.ts";
import { uuidPattern } from "./lead-record.ts";

/**
 * The media library (docs/site.md, "Media library"; ADR 032): pictures the owner uploads for
 * the content studio, encoded like the build's content images and kept in the database.
 */

/** The largest file accepted: a phone's photograph is 3 to 12 MB. */
export const mediaMaxBytes = 20 * 1024 * 1024;
/**
 * The most pixels decoded: a 20 MB PNG of one colour could otherwise unpack to gigabytes
 * (a decompression bomb). 50 megapixels is beyond any phone or camera a studio uses.
 */
export const mediaMaxPixels = 50_000_000;
export const altMaxLength = 1000;

/**
 * What the bytes may be (ADR 032), as a file picker's `accept` names them; the server reads the
 * type from the bytes whatever the name or the content type says.
 */
export const acceptedImageTypes = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/avif",
  "image/gif",
] as const;
const accepted = "JPEG, PNG, WebP, AVIF or GIF";

export const mediaTexts = Object.freeze({
  tooLarge: "The file is larger than 20 MB.",
  tooManyPixels: "The image is larger than 50 megapixels; make it smaller and upload it again.",
  notAnImage: `This file is not a ${accepted} image, or it is damaged. Upload a ${accepted}.`,
  svg: `SVG drawings are not accepted (they can carry scripts). Upload a ${accepted}.`,
  notMultipart: "Send the image as multipart/form-data with the fields file and alt.",
  noFile: `Choose an image to upload: a ${accepted} of up to 20 MB.`,
  oneFile: "Upload one image at a time.",
  badAlt: `The alt text must be one line of at most ${altMaxLength.toLocaleString("en-US")} characters.`,
  badId: "That is not an image's ID.",
  notFound: "No such image.",
  inUse: (names: readonly string[]) =>
    `This image is used by ${names.join(", ")}; remove it there first.`,
});

/**
 * Alt text: what the picture shows, for those who cannot see it. It may be empty at upload
 * (a picture is often uploaded before its words are written); an entry that uses it cannot
 * publish until it has some (the content studio checks).
 */
export const altText = z
  .string({ error: mediaTexts.badAlt })
  .check(
    z.trim(),
    z.maxLength(altMaxLength, { error: mediaTexts.badAlt }),
    lineCheck(mediaTexts.badAlt),
  );

export const mediaIdParams = z.object({
  id: z
    .string({ error: mediaTexts.badId })
    .check(z.regex(uuidPattern, { error: mediaTexts.badId }), z.toLowerCase()),
});

export const mediaAltBody = z.object({ alt: altText });

/**
 * The upload's form, for the reference: multipart bodies are read by the route itself
 * (@fastify/multipart), so Fastify sees no parsed body, which this leaves valid.
 */
export const mediaUploadForm = z.nullish(
  z.object({
    file: z.file().check(z.describe("A JPEG, PNG, WebP, AVIF or GIF of up to 20 MB.")),
    alt: z.optional(
      z.string().check(z.describe("What the picture shows; may be empty until it is used.")),
    ),
  }),
);

/** An entry of the content studio that shows a picture. */
export const mediaUse = z.object({ id: z.string(), type: z.string(), slug: z.string() });
export type MediaUse = z.output<typeof mediaUse>;

export const mediaRecord = z
  .object({
    id: z.string(),
    /** The largest WebP: what a plain <img src> shows. */
    url: z.string(),
    width: z.number(),
    height: z.number(),
    alt: z.string(),
    /** The uploaded file's size. */
    bytes: z.number(),
    fileName: z.string(),
    /** The type the bytes really are (image/jpeg, …), not what the browser said. */
    contentType: z.string(),
    createdAt: isoTimestamp,
    /** Ready for <source srcset>: "/media/{id}/480.avif 480w, …". */
    srcset: z.object({ avif: z.string(), webp: z.string() }),
    /** The stripped fallback in the original's format (JPEG or PNG), for <img src> anywhere. */
    fallback: z.string(),
    /** A ~100-byte blurred WebP data URL; null for images with transparency. */
    placeholder: z.nullable(z.string()),
    /** The dominant colour, #rrggbb, painted until the picture arrives. */
    color: z.string(),
    usedBy: z.array(mediaUse),
  })
  .register(z.globalRegistry, {
    id: "Media",
    description: "A picture of the media library, with its encoded sizes and where it is used.",
  });
export type MediaRecord = z.output<typeof mediaRecord>;

export const mediaList = z.object({ media: z.array(mediaRecord) });

export const mediaInUse = z.object({ message: z.string(), usedBy: z.array(mediaUse) });

/** Where a picture's file is served: `/media/{id}/800.webp`, `/media/{id}/orig.jpg`, … */
export const mediaPath = (id: string, variant: string) => `/media/${id}/${variant}`;

const mediaPathInText =
  /\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//gi;

/**
 * The pictures a text names by address (an entry's Markdown or its fields as JSON), in order of
 * first mention, lower case: what must have alt text before the entry publishes.
 */
export const mediaIdsIn = (text: string): string[] => [
  ...new Set([...text.matchAll(mediaPathInText)].map((match) => (match[1] ?? "").toLowerCase())),
];
