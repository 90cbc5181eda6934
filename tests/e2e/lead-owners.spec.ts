import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { postgresAdminQuery } from "../../server/test-support/databases.ts";
import { type Session, storeSession } from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydration.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";
import { e2ePort } from "./server.ts";

/**
 * Whose lead it is (docs/team.md, "Whose lead is it"), in the browser: the owner gives a lead
 * to a member from its details and two more to herself in bulk, each sees theirs under
 * "Mine"; round-robin is switched on from Team; and over two instances on one PostgreSQL,
 * leads arriving at both go to the two people in turn.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl && process.env.TEST_WORKER_INDEX === undefined)
  console.log(
    "lead-owners: TEST_DATABASE_URL is not set: round-robin over two instances was skipped.",
  );

test.describe.configure({ mode: "serial" });

/** A member, invited by the owner on a server without e-mail (the answer has the link). */
async function joinAsMember(request: APIRequestContext, origin: string, owner: Session) {
  const invited = await request.post(`${origin}/api/team/invitations`, {
    headers: { "x-access-token": owner.accessToken },
    data: { email: "mia@fineline.studio", role: "member" },
  });
  expect(invited.status()).toBe(201);
  const token = new URL((await invited.json()).link).pathname.split("/").at(-1);
  const joined = await request.post(`${origin}/api/team/invitations/${token}/accept`, {
    data: { password: "mia's good long password", first_name: "Mia", last_name: "Lopes" },
  });
  expect(joined.status()).toBe(200);
  return (await joined.json()) as Session;
}

/** A visitor's contact form (fewer than the form's limit for one address). */
async function arrive(request: APIRequestContext, origin: string, n: number, tag: string) {
  const res = await request.post(`${origin}/api/leads/contact-us`, {
    data: {
      email: `${tag}-${n}@bakery.example`,
      firstName: "Rosa",
      lastName: `${tag} ${n}`,
      message: `We need a new shop for the bakery (${n}).`,
    },
  });
  expect(res.status()).toBe(201);
}

async function asMember(browser: Browser, origin: string, session: Session) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await storeSession(page, session, origin);
  return { context, page };
}

const article = (page: Page, name: string) => page.getByRole("article", { name });

test("the owner gives leads by hand and in bulk; each finds theirs under Mine", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await startPrivateServer(test.info().workerIndex);
  try {
    const owner = await server.signIn(page);
    const mia = await joinAsMember(page.request, server.origin, owner);
    for (const n of [1, 2, 3]) await arrive(page.request, server.origin, n, "Owners");

    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, `${server.origin}/admin/leads`);
    await article(page, "Rosa Owners 1")
      .getByRole("button", { name: /^Rosa Owners 1/ })
      .click();
    const details = page.locator("[data-lead-details]");
    await details.getByLabel("Owner").selectOption({ label: "Mia Lopes" });
    await expect(page.getByText("Saved changes!").first()).toBeVisible();
    await expect(article(page, "Rosa Owners 1").getByText("Owner: Mia Lopes")).toBeAttached();
    await details.getByText("History").click();
    await expect(details.getByText("given to mia@fineline.studio")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Two more to herself, in one go.
    for (const n of [2, 3])
      await article(page, `Rosa Owners ${n}`).getByLabel(`Select Rosa Owners ${n}`).check();
    await page.getByLabel("Give to").selectOption({ label: "Studio Admin (you)" });
    await page.getByRole("button", { name: /^Apply/ }).click();
    await expect(page.getByText("Saved changes to 2 leads!")).toBeVisible();

    await page.getByLabel("Filter by owner").selectOption({ label: "Mine" });
    await expect(page).toHaveURL(/assigned=me/);
    await expect(article(page, "Rosa Owners 2")).toBeVisible();
    await expect(article(page, "Rosa Owners 3")).toBeVisible();
    await expect(article(page, "Rosa Owners 1")).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Mia, on her phone: hers is the one the owner gave her.
    const member = await asMember(browser, server.origin, mia);
    await gotoHydrated(member.page, `${server.origin}/admin/leads?assigned=me`);
    await expect(article(member.page, "Rosa Owners 1")).toBeVisible();
    await expect(article(member.page, "Rosa Owners 2")).toHaveCount(0);
    expect(await seriousViolations(member.page)).toEqual([]);
    await member.context.close();

    // Round-robin from Team.
    await gotoHydrated(page, `${server.origin}/admin/team`);
    await page.getByRole("radio", { name: /Round-robin/ }).check();
    await expect(
      page.getByText("New leads now go to the next available owner or member, in turn."),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole("radio", { name: /Round-robin/ })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await server.stop();
  }
});

test("round-robin over two instances on one PostgreSQL gives each person their turn", async ({
  page,
  browser,
}) => {
  test.skip(!pgUrl, "needs TEST_DATABASE_URL");
  test.setTimeout(150_000);
  const schema = `e2e_rr_${process.pid}_${Date.now().toString(36)}`;
  await postgresAdminQuery(`create schema "${schema}"`);
  const url = new URL(pgUrl ?? "");
  url.searchParams.set("options", `-c search_path=${schema}`);
  const port = e2ePort + 100 + test.info().workerIndex;
  const env = { DATABASE_URL: url.toString(), SITE_URL: `http://127.0.0.1:${port}` };
  const servers: PrivateServer[] = [];
  try {
    const a = await startPrivateServer(test.info().workerIndex, env, { port });
    servers.push(a);
    const b = await startPrivateServer(test.info().workerIndex, env, { port: 0 });
    servers.push(b);
    const owner = await a.signIn(page);
    const mia = await joinAsMember(page.request, a.origin, owner);

    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, `${a.origin}/admin/team`);
    await page.getByRole("radio", { name: /Round-robin/ }).check();
    await expect(page.getByText("New leads now go to the next available")).toBeVisible();

    // Eight visitors at once, half at each instance.
    await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        arrive(page.request, (n % 2 ? a : b).origin, n + 1, "Turns"),
      ),
    );

    // Each sees four under Mine, on the other instance than the one they signed in at.
    await storeSession(page, owner, b.origin);
    await gotoHydrated(page, `${b.origin}/admin/leads?assigned=me`);
    await expect(page.getByRole("heading", { level: 2, name: "New Leads 4" })).toBeVisible();
    const member = await asMember(browser, a.origin, mia);
    await gotoHydrated(member.page, `${a.origin}/admin/leads?assigned=me`);
    await expect(member.page.getByRole("heading", { level: 2, name: "New Leads 4" })).toBeVisible();
    await member.context.close();
    await gotoHydrated(page, `${b.origin}/admin/leads?assigned=none`);
    await expect(page.getByRole("heading", { level: 2, name: "New Leads 0" })).toBeVisible();
  } finally {
    for (const server of servers) await server.stop();
    await postgresAdminQuery(`drop schema if exists "${schema}" cascade`);
  }
});
