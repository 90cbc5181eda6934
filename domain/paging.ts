import * as z from "zod/mini";

/**
 * Keyset paging of the lists (leads, spam): `?limit=&cursor=`, answered with
 * `Link: <…>; rel="next"` while more remain.
 */

export const pagingTexts = Object.freeze({
  badLimit: "limit must be a whole number from 1 to 200.",
  badCursor: "That cursor is not valid. Start again from the first page.",
});

/** Leads (or spam) per page. */
export const pageSize = Object.freeze({ default: 50, max: 200 });

/** `limit` and `cursor`, as every paged list takes them. */
export const pageQuery = {
  limit: z.optional(
    z.pipe(
      z.string({ error: pagingTexts.badLimit }).check(
        z.refine(
          (value) => /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= pageSize.max,
          { error: pagingTexts.badLimit },
        ),
        z.describe(`Leads per page, 1 to ${pageSize.max} (default ${pageSize.default}).`),
      ),
      z.transform(Number),
    ),
  ),
  cursor: z.optional(
    z
      .string({ error: pagingTexts.badCursor })
      .check(
        z.maxLength(200, { error: pagingTexts.badCursor }),
        z.describe("From the previous page's Link header; opaque."),
      ),
  ),
};

/** A list with paging and nothing else (Due: what is due today; Spam). */
export const pagedListQuery = z.object(pageQuery);
