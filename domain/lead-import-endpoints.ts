import * as z from "zod/mini";
import { type Endpoint, errorFor, errorResponses, tokenSecurity } from "./api.ts";
import { emptyBody } from "./auth.ts";
import {
  importBatchParams,
  importQuery,
  importResult,
  importTexts,
  undoResult,
} from "./lead-import.ts";

/** Importing leads from CSV and undoing an import (docs/integrations.md), spread into `endpoints`. */
export const leadImportEndpoints = {
  importLeads: {
    method: "POST",
    url: "/api/leads/import",
    schema: {
      summary: "Import leads from CSV",
      description:
        "Owners and members. The body is the CSV file itself (`text/csv`, UTF-8 with or " +
        "without a BOM, CRLF or LF, up to 10 MB and 50,000 rows), read as it streams in. The " +
        "first row names the columns, matched by name with case, spaces, hyphens and " +
        "underscores ignored: the tracker's own export, and HubSpot's and Pipedrive's contact " +
        "exports (Email, First Name, Last Name, Phone Number, Person - Email, …). Columns not " +
        "recognised are listed under `columns.unknown` and not imported. A lead is matched by " +
        "its e-mail address, whatever its case: one already here gets only its empty fields " +
        "filled and the file's notes (and phone) appended to its notes, never a duplicate, so " +
        "importing the same file again changes nothing. New leads say `Source: import` and get " +
        "no e-mail of any kind. `dryRun=true` reads the file and answers the same counts " +
        "without changing anything; otherwise the answer carries the `batchId` that undoes " +
        "the import. Invalid rows are listed by the file's own line number (the first 1,000; " +
        "`invalidTotal` counts all) and skipped. If the file turns out too large or malformed " +
        "part-way, nothing of it is kept. `fileName` (optional) is recorded with the import.",
      tags: ["Leads"],
      security: tokenSecurity,
      consumes: ["text/csv"],
      querystring: importQuery,
      body: z.unknown().check(z.describe("The CSV file: a header row, then one lead a row.")),
      response: {
        200: importResult,
        ...errorResponses(400, 401, 403),
        413: errorFor(`${importTexts.tooLarge} Or: ${importTexts.tooManyRows}`),
        415: errorFor(importTexts.notCsv),
      },
    },
  },

  undoImport: {
    method: "POST",
    url: "/api/leads/import/:id/undo",
    schema: {
      summary: "Undo an import",
      description:
        "Owners, and the member who ran the import. Within 7 days: erases the leads the " +
        "import created and puts back the fields it filled in and the notes it appended. A " +
        "lead the team has changed since is left as it is and counted in `notReverted`.",
      tags: ["Leads"],
      security: tokenSecurity,
      params: importBatchParams,
      body: emptyBody,
      response: {
        200: undoResult,
        ...errorResponses(401, 403),
        404: errorFor(importTexts.batchNotFound),
        409: errorFor(importTexts.alreadyUndone),
        410: errorFor(importTexts.undoExpired),
      },
    },
  },
} as const satisfies Record<string, Endpoint>;
