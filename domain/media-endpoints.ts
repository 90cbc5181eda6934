import * as z from "zod/mini";
import { type Endpoint, errorFor, errorResponses, tokenSecurity } from "./api.ts";
import {
  mediaAltBody,
  mediaIdParams,
  mediaInUse,
  mediaList,
  mediaRecord,
  mediaTexts,
  mediaUploadForm,
} from "./media.ts";

/** The media library's API (docs/site.md, "Media library"), spread into `endpoints`. */
export const mediaEndpoints = {
  mediaLibrary: {
    method: "GET",
    url: "/api/media",
    schema: {
      summary: "The media library",
      description:
        "Admins only. Every uploaded picture, newest first, with its sizes (`srcset`), " +
        "placeholder, alt text and the content entries that use it (`usedBy`).",
      tags: ["Media"],
      security: tokenSecurity,
      response: { 200: mediaList, ...errorResponses(401, 403) },
    },
  },

  uploadMedia: {
    method: "POST",
    url: "/api/media",
    schema: {
      summary: "Upload a picture",
      description:
        "Admins only. multipart/form-data with the fields `file` (a JPEG, PNG, WebP, AVIF or " +
        "GIF of up to 20 MB and 50 megapixels) and `alt` (may be empty until an entry using " +
        "the picture is published). The type is read from the bytes, never from the name or " +
        "the content type sent. The picture is encoded as AVIF and WebP at 480, 800, 1200 and " +
        "1600 px (up to its own width) and a fallback in its own format, each without EXIF, " +
        "XMP or location data, its orientation applied; an animated GIF keeps its first frame. " +
        "Served at `/media/{id}/{variant}` by every instance, cached for a year.",
      tags: ["Media"],
      security: tokenSecurity,
      consumes: ["multipart/form-data"],
      body: mediaUploadForm,
      response: {
        201: mediaRecord,
        ...errorResponses(400, 401, 403),
        413: errorFor(`${mediaTexts.tooLarge} Or more than 50 megapixels.`),
        415: errorFor(
          "Not multipart/form-data, or the file is not a JPEG, PNG, WebP, AVIF or GIF image " +
            "(SVG, HTML, a text file with an image's name, a damaged image).",
        ),
      },
    },
  },

  updateMedia: {
    method: "PATCH",
    url: "/api/media/:id",
    schema: {
      summary: "Set a picture's alt text",
      description: "Admins only. An unknown picture answers 404.",
      tags: ["Media"],
      security: tokenSecurity,
      params: mediaIdParams,
      body: mediaAltBody,
      response: {
        200: mediaRecord,
        ...errorResponses(400, 401, 403, 413, 415),
        404: errorFor(mediaTexts.notFound),
      },
    },
  },

  deleteMedia: {
    method: "DELETE",
    url: "/api/media/:id",
    schema: {
      summary: "Delete a picture",
      description:
        "Admins only. 204 once it is gone from every instance; 409 with `usedBy` while a " +
        "content entry uses it; 404 for an unknown picture.",
      tags: ["Media"],
      security: tokenSecurity,
      params: mediaIdParams,
      response: {
        204: z.null(),
        ...errorResponses(400, 401, 403),
        404: errorFor(mediaTexts.notFound),
        409: mediaInUse.check(z.describe("A content entry uses it: `usedBy` says which.")),
      },
    },
  },
} as const satisfies Record<string, Endpoint>;
