/**
 * What every content entry shares, whatever its type: the type names, statuses, slug and body
 * rules and their texts. No zod here, so the studio's contracts (zod/mini) and the content
 * schemas (full zod, server and build only) both take them from one place.
 */
export const contentTypeNames = [
  "post",
  "event",
  "case-study",
  "guide",
  "testimonial",
  "person",
] as const;
export type ContentType = (typeof contentTypeNames)[number];

export const contentStatuses = ["draft", "scheduled", "published"] as const;
export type ContentStatus = (typeof contentStatuses)[number];

export const slugMaxLength = 80;
export const bodyMaxLength = 200_000;

/**
 * A slug as it may be stored: letters, digits and hyphens. Capitals are allowed only because
 * the spec's own URL `/secret/blog/blog/the-5-Ds` has them and imported slugs must keep
 * working; `..`, `/`, NUL and spaces can never pass.
 */
export const storedSlugPattern = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
/** A slug the studio gives a new entry (or a renamed one): lowercase only. */
export const newSlugPattern = /^[a-z0-9][a-z0-9-]*$/;

export const contentTexts = Object.freeze({
  slug: `The slug may hold only lowercase letters, digits and hyphens, starting with a letter or digit, at most ${slugMaxLength} characters.`,
  bodyTooLong: `The text is too long: at most ${bodyMaxLength.toLocaleString("en-US")} characters.`,
  bodyNul:
    "The text holds a NUL character (often pasted from a binary file); remove it and save again.",
  fieldNul:
    "A field holds a NUL character (often pasted from a binary file); remove it and save again.",
  invalidFields: "Some fields need attention; each one says what.",
  notFound: "No such entry (it may have been deleted).",
  revisionNotFound: "No such revision of this entry.",
  linkNotFound: "No such preview link for this entry.",
  slugTaken: "Another entry of this type already uses that slug; choose another.",
  publishAt:
    "Give the time to publish as an ISO 8601 date-time with an offset, e.g. 2027-01-21T09:00:00-05:00.",
  publishEmpty: "Write the text before publishing: the body is empty.",
  altMissing: (count: number) =>
    `Describe ${count === 1 ? "the picture" : `all ${count} pictures`} before publishing: alt text says what a picture shows to readers who cannot see it (Media library, Describe).`,
  pictureMissing: (count: number) =>
    `${count === 1 ? "A picture" : `${count} pictures`} in this entry ${count === 1 ? "is" : "are"} no longer in the media library: remove ${count === 1 ? "it" : "them"} or upload again before publishing.`,
  pathTaken:
    "Another entry of this type is live at that address; rename this one or unpublish the other first.",
  publishBusy: "This entry is being published by someone else right now; reload and try again.",
  staleSettings: "The site settings were changed by someone else; reload them and try again.",
});
