import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { loadSigningKey } from "../../server/auth/secret.ts";
import { createSession } from "../../server/auth/sessions.repository.ts";
import { signAccessToken } from "../../server/auth/tokens.ts";
import { findUserByEmail } from "../../server/auth/users.repository.ts";
import { loadConfig } from "../../server/config.ts";
import { createContactLead } from "../../server/contact/lead-intake.repository.ts";
import { openSqlite } from "../../server/db/connect.ts";
import { updateLead } from "../../server/leads/lead-updates.repository.ts";
import { owner, storeSession } from "./accounts.ts";
import { e2ePort } from "./server.ts";

/**
 * Lead-tracker fixtures, written straight into the test server's SQLite file (WAL lets the
 * server and the tests share it). Sessions are minted the way login mints them, so these
 * tests spend none of the per-address login allowance.
 */
const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set; run the tests with playwright.config.ts");
  return dir;
};

async function withDb<T>(use: (db: ReturnType<typeof openSqlite>["db"]) => Promise<T>): Promise<T> {
  const handle = openSqlite(path.join(dataDir(), "app.db"));
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * Another program reading the server's database file (a backup, a sqlite3 session): a read
 * transaction holding a snapshot, until `release()`.
 */
export function holdDatabaseSnapshot() {
  const reader = new DatabaseSync(path.join(dataDir(), "app.db"));
  reader.exec("BEGIN");
  reader.prepare("select count(*) from leads").get();
  return {
    release() {
      reader.exec("COMMIT");
      reader.close();
    },
  };
}

/** n leads whose names start with `tag` (search for the tag to see only them), oldest first. */
export async function seedLeads(tag: string, n: number): Promise<string[]> {
  return withDb(async (db) => {
    const ids: string[] = [];
    const start = Date.now() - n * 60_000;
    for (let i = 0; i < n; i++) {
      const { id } = await createContactLead(
        db,
        {
          firstName: `${tag}${String(i).padStart(3, "0")}`,
          lastName: "Baker",
          email: `${tag}.${i}@bakery.example`,
          message: `Lead ${i} from the ${tag} batch: we need online ordering.`,
          sourcePage: "/home",
        },
        { now: new Date(start + i * 60_000) },
      );
      ids.push(id);
    }
    return ids;
  });
}

/**
 * One lead with whatever fields a test needs, written past the API's validation: what an
 * older version, or an attacker who got past it, could have left in the database.
 */
export async function seedRawLead(fields: {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
}): Promise<string> {
  return withDb(async (db) => (await createContactLead(db, { ...fields, sourcePage: "/" })).id);
}

/** Stores an admin session for the owner (created by createOwner()) in the page. */
export async function signInOwner(page: Page) {
  // The server's own configuration (the e2e server sets no SITE_URL or JWT_SECRET).
  const config = loadConfig({
    DATA_DIR: dataDir(),
    HOST: "127.0.0.1",
    PORT: String(e2ePort),
    ...(process.env.SITE_URL ? { SITE_URL: process.env.SITE_URL } : {}),
  });
  const session = await withDb(async (db) => {
    const user = await findUserByEmail(db, owner.email);
    if (!user) throw new Error("run createOwner() first");
    const key = loadSigningKey(config);
    const { refreshToken, familyId } = await createSession(db, user.id);
    return {
      id: user.id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      accessToken: await signAccessToken({ key, issuer: config.tokenIssuer }, user.id, {
        version: Number(user.token_version),
        session: familyId,
      }),
      refreshToken,
    };
  });
  await storeSession(page, session);
  return session;
}

/** A lead's next follow-up date, set as the owner would have set it earlier. */
export async function setFollowUp(id: string, date: string | null) {
  await withDb((db) =>
    updateLead(db, { id, changes: { NextFollowUp: date } }, { id: null, email: owner.email }),
  );
}

/** Someone else's save, straight through the repository (for the conflict test). */
export async function saveAsSomeoneElse(
  id: string,
  changes: { Notes?: string; LeadStatus?: "HOT" | "COLD"; CommStatus?: "DEAD" | "REPLIED" },
) {
  await withDb((db) =>
    updateLead(db, { id, changes }, { id: null, email: "partner@fineline.studio" }),
  );
}

/** A submission the form judged to be spam, kept for review. */
export async function seedSpam(tag: string, reason: "honeypot" | "too-fast" = "honeypot") {
  return withDb(
    async (db) =>
      (
        await createContactLead(db, {
          firstName: `${tag}Bot`,
          lastName: "Seo",
          email: `${tag}@seo.example`,
          message: `Guaranteed first page ranking for ${tag}, cheap backlinks today.`,
          sourcePage: "/home",
          spam: reason,
        })
      ).id,
  );
}

/** A lead's recorded changes of one field (read straight from the database). */
export async function historyOf(id: string, field: "CommStatus" | "LeadStatus" | "Notes") {
  return withDb((db) =>
    db
      .selectFrom("lead_events")
      .select(["from_value", "to_value"])
      .where("lead_id", "=", id)
      .where("field", "=", field)
      .execute(),
  );
}
