import type { Db } from "../db/connect.ts";
import { withinTime } from "../within-time.ts";
import { mailboxKey } from "./mailbox.repository.ts";
import { mailboxSummary } from "./set-aside.repository.ts";

/**
 * What GET /readyz says of the mailbox (docs/operations.md): when it was last read and how
 * many messages are set aside. Never a reason to be unready, and never a slow probe: a
 * database too slow to say within a second leaves it out.
 */
export async function mailboxReadiness(
  db: Db,
  mailbox: string,
): Promise<{ mailbox?: { lastReadAt: string | null; setAside: number } }> {
  try {
    return { mailbox: await withinTime(mailboxSummary(db, mailbox), 1_000) };
  } catch {
    return {};
  }
}

/** Readiness's question about the mailbox IMAP_URL names (server/http/health.routes.ts). */
export const mailboxReadinessOf = (db: Db, imap: Parameters<typeof mailboxKey>[0]) => () =>
  mailboxReadiness(db, mailboxKey(imap));
