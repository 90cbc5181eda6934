import { expect, type Page, test } from "@playwright/test";
import { postgresAdminQuery } from "../../server/test-support/databases.ts";
import {
  createDraft,
  openEditor,
  postFields,
  publishNow,
  readEntry,
  visit,
} from "./content-owner.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";
import { e2ePort } from "./server.ts";

/**
 * The content studio when things go wrong underneath it: the server killed (`kill -9`) in a
 * storm of autosaves, on SQLite and on PostgreSQL, and two instances sharing one PostgreSQL
 * (ADR 016, 033). The PostgreSQL tests need TEST_DATABASE_URL, as the integration tests do.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
// Said once, by the runner (its workers load this file too), so a run without PostgreSQL
// never looks like a full one.
if (!pgUrl && process.env.TEST_WORKER_INDEX === undefined)
  console.log(
    "content-durability: TEST_DATABASE_URL is not set: the PostgreSQL tests (two instances, kill -9) were skipped.",
  );

/** A fresh schema on TEST_DATABASE_URL, and the DATABASE_URL that puts a server in it. */
async function freshSchema() {
  const schema = `e2e_${process.pid}_${Date.now().toString(36)}`;
  await postgresAdminQuery(`create schema "${schema}"`);
  const url = new URL(pgUrl ?? "");
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    databaseUrl: url.toString(),
    drop: () => postgresAdminQuery(`drop schema if exists "${schema}" cascade`),
  };
}

type Saved = { version: number; body: string };

/**
 * The owner types on and on (a phrase, a breath long enough for autosave, the next phrase)
 * while the test keeps every save the server acknowledged. Once `killAfter` saves are
 * acknowledged, the server is killed at the worst moment: it has committed the next save and
 * dies before its answer reaches the browser.
 */
async function typeThroughAKill(page: Page, server: PrivateServer, killAfter: number) {
  const acknowledged: Saved[] = [];
  /** The save the server committed and died before answering. */
  let landed: Saved | null = null;
  let killed: Promise<void> | null = null;
  await page.route(/\/api\/content\/[0-9a-f-]{36}$/, async (route) => {
    if (route.request().method() !== "PUT") return route.fallback();
    // Once it is killed, the browser finds what there is: nothing, then the restarted server.
    if (killed) return route.continue();
    const response = await route.fetch();
    if (response.status() === 200 && acknowledged.length >= killAfter) {
      const { entry } = await response.json();
      landed = { version: entry.version, body: entry.body };
      killed = server.kill();
      await killed;
      return route.abort("connectionreset");
    }
    if (response.status() === 200) {
      const { entry } = await response.json();
      acknowledged.push({ version: entry.version, body: entry.body });
    }
    return route.fulfill({ response });
  });

  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+End");
  let typed = "";
  // Typing goes on for three phrases after the kill: the storm does not know the server is gone.
  for (let phrase = 1, afterKill = 0; afterKill < 3; phrase++) {
    if (phrase > 40) throw new Error(`only ${acknowledged.length} saves acknowledged`);
    const words = ` Phrase ${phrase} of the storm.`;
    await page.keyboard.type(words, { delay: 5 });
    typed += words;
    // A breath: autosave waits for 1.2 s without a keystroke; sometimes it gets one.
    await page.waitForTimeout(phrase % 3 === 0 ? 300 : 1300);
    if (killed) afterKill++;
  }
  await killed;
  return { acknowledged, landed: landed as Saved | null, typed };
}

async function stormAndKill(page: Page, server: PrivateServer) {
  const session = await server.signIn(page);
  const start = "Before the storm.";
  const draft = await createDraft(
    page,
    server.origin,
    session,
    postFields("through-the-storm", "Through the storm", start),
  );
  await openEditor(page, server.origin, draft.id);
  const { acknowledged, landed, typed } = await typeThroughAKill(page, server, 4);
  const last = acknowledged.at(-1);
  expect(acknowledged.length).toBeGreaterThanOrEqual(4);
  if (!last || !landed) throw new Error("the server was not killed mid-save");
  await expect(page.getByText("Not saved, retrying")).toBeVisible();

  await server.restart();
  // Every save the server acknowledged is there, and so is the one it committed unanswered:
  // the restarted server holds exactly that one, the next version after the last answer.
  const after = await readEntry(page, server.origin, session, draft.id);
  expect(landed.version).toBe(last.version + 1);
  expect(landed.body.startsWith(last.body)).toBe(true);
  expect({ version: after.version, body: after.body }).toEqual(landed);

  // And the editor, retrying on its own, gets the rest of what was typed to the server: the
  // save refused as stale is seen to be its own, not someone else's (lost-save.ts).
  await expect(page.getByText("Saved", { exact: true })).toBeVisible({ timeout: 30_000 });
  const final = await readEntry(page, server.origin, session, draft.id);
  expect(final.body).toBe(`${start}${typed}`);
}

test.describe("kill -9 in a storm of autosaves", () => {
  test.beforeEach(async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  test("on SQLite, no acknowledged save is lost", async ({ page }) => {
    const server = await startPrivateServer(test.info().workerIndex);
    try {
      await stormAndKill(page, server);
    } finally {
      await server.stop();
    }
  });

  test("on PostgreSQL, no acknowledged save is lost", async ({ page }) => {
    test.skip(!pgUrl, "needs TEST_DATABASE_URL");
    const database = await freshSchema();
    try {
      const server = await startPrivateServer(test.info().workerIndex, {
        DATABASE_URL: database.databaseUrl,
      });
      try {
        await stormAndKill(page, server);
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  });
});

test("two instances on one PostgreSQL: published on A, served by B within 5 s", async ({
  page,
}) => {
  test.skip(!pgUrl, "needs TEST_DATABASE_URL");
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const database = await freshSchema();
  const port = e2ePort + 100 + test.info().workerIndex;
  // Behind one address, as a balancer's instances are: the same SITE_URL, so one build's
  // rendered pages are every instance's (ADR 033).
  const env = { DATABASE_URL: database.databaseUrl, SITE_URL: `http://127.0.0.1:${port}` };
  const servers: PrivateServer[] = [];
  try {
    const a = await startPrivateServer(test.info().workerIndex, env, { port });
    servers.push(a);
    const b = await startPrivateServer(test.info().workerIndex, env, { port: 0 });
    servers.push(b);
    const session = await a.signIn(page);
    const slug = "published-on-one-served-by-all";
    const text = "Published on one instance, served by the other.";
    const draft = await createDraft(
      page,
      a.origin,
      session,
      postFields(slug, "Published on one, served by all", text),
    );
    const path = `/secret/blog/blog/${slug}`;
    expect((await visit(page, `${b.origin}${path}`)).status).not.toBe(200);

    await openEditor(page, a.origin, draft.id);
    await publishNow(page, path);
    const published = Date.now();
    expect((await visit(page, `${a.origin}${path}`)).text).toContain(text);
    await expect
      .poll(async () => (await visit(page, `${b.origin}${path}`)).text.includes(text), {
        timeout: 5000,
        intervals: [100],
      })
      .toBe(true);
    test.info().annotations.push({
      type: "served by B",
      description: `${Date.now() - published} ms after A answered`,
    });
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
});
