import * as z from "zod/mini";
import { isoTimestamp, lineCheck } from "./api.ts";

/** The audit log (docs/team.md, "Audit log"): what the owner reads, and how to ask for it. */
export const auditRetentionDays = 400;

export const auditEntry = z
  .object({
    id: z.string(),
    at: isoTimestamp,
    actor: z
      .string()
      .check(z.describe("Who: the account's e-mail (or the address typed, for a failed sign-in).")),
    action: z
      .string()
      .check(z.describe("What: the endpoint's name (updateLead, invite, login, loginFailed, …).")),
    target: z.nullable(
      z.string().check(z.describe("What it was done to: a lead's ID, a person's, an entry's.")),
    ),
    details: z.nullable(
      z
        .record(z.string(), z.unknown())
        .check(
          z.describe(
            "Before and after where the change is a value; counts; never a lead's personal data.",
          ),
        ),
    ),
  })
  .register(z.globalRegistry, { id: "AuditEntry", description: "One recorded change." });
export type AuditEntry = z.output<typeof auditEntry>;

const filter = (description: string) =>
  z.optional(
    z
      .string()
      .check(z.maxLength(200), lineCheck("Filters are one line of text."), z.describe(description)),
  );

export const auditQuery = z.object({
  actor: filter("Only this person's entries (their e-mail, any case)."),
  action: filter("Only this action."),
  limit: z.optional(
    z.coerce
      .number({ error: "limit is a number from 1 to 200." })
      .check(
        z.int({ error: "limit is a number from 1 to 200." }),
        z.minimum(1, { error: "limit is a number from 1 to 200." }),
        z.maximum(200, { error: "limit is a number from 1 to 200." }),
      ),
  ),
  cursor: filter("The previous page's `next`."),
});

export const auditPage = z.object({
  entries: z.array(auditEntry),
  next: z.nullable(z.string().check(z.describe("The cursor of the next (older) page, or null."))),
});
