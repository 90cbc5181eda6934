import * as z from "zod/mini";
import { type Endpoint, errorFor, errorResponses, tokenSecurity } from "./api.ts";
import { emptyBody } from "./auth.ts";
import {
  contentEntry,
  contentEntryResponse,
  contentIdParams,
  contentList,
  contentListQuery,
  createContentBody,
  fieldErrors,
  previewLink,
  previewLinkParams,
  publishBody,
  revisionDetail,
  revisionParams,
  revisionSummary,
  staleEntry,
  updateContentBody,
} from "./content.ts";
import { siteSettingsSchema } from "./site-settings.ts";

const tags = ["Content"];
const security = tokenSecurity;
const noEntry = errorFor("No such entry.");
const refused = errorResponses(401, 403, 413, 415);

/** The content studio's API (ADR 031), spread into `endpoints` (domain/endpoints.ts). */
export const contentEndpoints = {
  contentEntries: {
    method: "GET",
    url: "/api/content",
    schema: {
      summary: "Content entries",
      description:
        "Admins only. Every entry, most recently saved first, filtered by `type`, `status` and " +
        "`q` (words in the title or slug). `url` is the live page's path, or null. `stats` are " +
        "the last 30 days (`period`, the insights' default range): views of the page and of " +
        "the old paths that redirect to it, the leads whose visit entered the site there, and " +
        "those won with their value; null for an entry with no live page.",
      tags,
      security,
      querystring: contentListQuery,
      response: {
        200: contentList,
        ...errorResponses(400, 401, 403),
      },
    },
  },

  createContent: {
    method: "POST",
    url: "/api/content",
    schema: {
      summary: "Create a draft",
      description:
        "Admins only. `{ type, slug, body, …the type's fields }` (flat, as in the Markdown's " +
        "frontmatter), checked against the type's schema: 400 with `fields` naming each " +
        "problem. A new slug is lowercase letters, digits and hyphens. The body is Markdown, " +
        "at most 200,000 characters.",
      tags,
      security,
      body: createContentBody,
      response: { 201: contentEntryResponse, 400: fieldErrors, ...refused },
    },
  },

  contentEntry: {
    method: "GET",
    url: "/api/content/:id",
    schema: {
      summary: "An entry's working copy",
      tags,
      security,
      params: contentIdParams,
      response: { 200: contentEntryResponse, ...errorResponses(401, 403), 404: noEntry },
    },
  },

  saveContent: {
    method: "PUT",
    url: "/api/content/:id",
    schema: {
      summary: "Save an entry's working copy",
      description:
        "Admins only. The whole entry (slug, body, its fields) and the `version` it was read " +
        "at. 409 when someone saved since, saying who and when; the live page changes only " +
        "when the entry is published again.",
      tags,
      security,
      params: contentIdParams,
      body: updateContentBody,
      response: {
        200: contentEntryResponse,
        400: fieldErrors,
        ...refused,
        404: noEntry,
        409: staleEntry,
      },
    },
  },

  deleteContent: {
    method: "DELETE",
    url: "/api/content/:id",
    schema: {
      summary: "Delete an entry",
      description: "Admins only. A published entry is taken off the site first.",
      tags,
      security,
      params: contentIdParams,
      response: { 204: z.null(), ...errorResponses(401, 403), 404: noEntry },
    },
  },

  publishContent: {
    method: "POST",
    url: "/api/content/:id/publish",
    schema: {
      summary: "Publish an entry, now or later",
      description:
        "Admins only. Without `at`, or with a time not in the future, the working copy goes " +
        "live now (the answer comes once the page is live); with a future `at` (ISO 8601 with " +
        "an offset) it is scheduled. A new slug leaves a redirect from the old path. `url` is " +
        "the page's path (null for types without a page).",
      tags,
      security,
      params: contentIdParams,
      body: publishBody,
      response: {
        200: z.object({ entry: contentEntry, url: z.nullable(z.string()) }),
        400: fieldErrors,
        ...refused,
        404: noEntry,
        409: errorFor("Another entry is live at that path, or a publish is under way."),
      },
    },
  },

  unpublishContent: {
    method: "POST",
    url: "/api/content/:id/unpublish",
    schema: {
      summary: "Take an entry off the site",
      tags,
      security,
      params: contentIdParams,
      body: emptyBody,
      response: { 200: contentEntryResponse, ...refused, 404: noEntry },
    },
  },

  contentRevisions: {
    method: "GET",
    url: "/api/content/:id/revisions",
    schema: {
      summary: "An entry's revisions",
      description: "Admins only. One per editing session, publish and restore; newest first.",
      tags,
      security,
      params: contentIdParams,
      response: {
        200: z.object({ revisions: z.array(revisionSummary) }),
        ...errorResponses(401, 403),
        404: noEntry,
      },
    },
  },

  contentRevision: {
    method: "GET",
    url: "/api/content/:id/revisions/:revisionId",
    schema: {
      summary: "One revision, whole",
      tags,
      security,
      params: revisionParams,
      response: {
        200: z.object({ revision: revisionDetail }),
        ...errorResponses(401, 403),
        404: errorFor("No such entry or revision."),
      },
    },
  },

  restoreContentRevision: {
    method: "POST",
    url: "/api/content/:id/revisions/:revisionId/restore",
    schema: {
      summary: "Restore a revision into the working copy",
      description:
        "Admins only. A new version of the working copy, recorded as a `restore` revision so " +
        "it can be undone. The live page is unchanged until the entry is published.",
      tags,
      security,
      params: revisionParams,
      body: emptyBody,
      response: {
        200: contentEntryResponse,
        400: fieldErrors,
        ...refused,
        404: errorFor("No such entry or revision."),
      },
    },
  },

  createPreviewLink: {
    method: "POST",
    url: "/api/content/:id/preview-links",
    schema: {
      summary: "A preview link for the working copy",
      description: "Admins only. Works for 7 days unless revoked; the token is shown only here.",
      tags,
      security,
      params: contentIdParams,
      body: emptyBody,
      response: {
        201: z.object({ id: z.string(), url: z.string(), expiresAt: z.string() }),
        ...refused,
        404: noEntry,
      },
    },
  },

  previewLinks: {
    method: "GET",
    url: "/api/content/:id/preview-links",
    schema: {
      summary: "An entry's live preview links",
      tags,
      security,
      params: contentIdParams,
      response: {
        200: z.object({ links: z.array(previewLink) }),
        ...errorResponses(401, 403),
        404: noEntry,
      },
    },
  },

  revokePreviewLink: {
    method: "DELETE",
    url: "/api/content/:id/preview-links/:linkId",
    schema: {
      summary: "Revoke a preview link",
      tags,
      security,
      params: previewLinkParams,
      response: {
        204: z.null(),
        ...errorResponses(401, 403),
        404: errorFor("No such live preview link."),
      },
    },
  },

  siteSettings: {
    method: "GET",
    url: "/api/site-settings",
    schema: {
      summary: "The site settings",
      description: "Admins only. Version 0 until first saved: the site's built-in values.",
      tags,
      security,
      response: {
        200: z.object({ settings: siteSettingsSchema, version: z.number() }),
        ...errorResponses(401, 403),
      },
    },
  },

  saveSiteSettings: {
    method: "PUT",
    url: "/api/site-settings",
    schema: {
      summary: "Save the site settings",
      description:
        "Admins only. `{ settings, version }`: 409 when someone saved since that version; 400 " +
        "with `fields` naming each problem.",
      tags,
      security,
      body: z.object({
        settings: z.record(z.string(), z.unknown()),
        version: z
          .number({ error: "Send the version you read the settings at." })
          .check(
            z.int("The version is a whole number."),
            z.nonnegative("The version is 0 or more."),
          ),
      }),
      response: {
        200: z.object({ settings: siteSettingsSchema, version: z.number() }),
        400: fieldErrors,
        ...refused,
        409: errorFor("Someone saved the settings since that version."),
      },
    },
  },
} as const satisfies Record<string, Endpoint>;
