import { type Browser, expect, type Page, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import * as OTPAuth from "otpauth";
import { startSmtp } from "../../server/test-support/smtp.ts";
import { owner } from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";

/**
 * A studio team (docs/team.md), end to end on a server of its own with a real SMTP server: the
 * owner invites a member and an editor from /admin/team, each opens the e-mail's link in a
 * browser of their own, chooses a password and lands on their first screen, sees only their
 * role's screens, and is refused the rest by the server; a removed member is signed out.
 */
test.describe.configure({ mode: "serial" });

let server: PrivateServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtp();
  server = await startPrivateServer(test.info().workerIndex, {
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: "owner@fineline.studio",
    DIGEST_HOUR: "off",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** The link in the last invitation e-mail to `to`, as the invitee's mail program shows it. */
async function invitationLink(to: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1);
        if (!mail) return false;
        const text = (await simpleParser(mail.raw)).text ?? "";
        link = text.match(/https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/)?.[0] ?? "";
        return link !== "";
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  // The server names its own address; the browser reaches it at the test's origin.
  return `${server.origin}${new URL(link).pathname}`;
}

async function invite(page: Page, email: string, role: "Member" | "Editor") {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: email })).toContainText(role);
}

/** The invitee, in a browser of their own: opens the link, joins, and lands where their role starts. */
async function accept(browser: Browser, link: string, first: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Join Fineline Studio" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Choose a password").fill("a long and good password");
  await page.getByLabel("First Name").fill(first);
  await page.getByLabel("Last Name").fill("Tester");
  await page.getByRole("button", { name: "Join the team" }).click();
  return { context, page };
}

test("the owner invites a member and an editor; each joins and sees only their role's screens", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await server.signIn(page);
  await page.goto(`${server.origin}/admin/team`);
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Team" }),
  ).toHaveAttribute("aria-current", "page");
  await invite(page, "mia@example.com", "Member");
  await invite(page, "ed@example.com", "Editor");
  expect(await seriousViolations(page)).toEqual([]);

  // The member: the lead work, not the team or the studio's settings.
  const mia = await accept(browser, await invitationLink("mia@example.com"), "Mia");
  await expect(mia.page).toHaveURL(/\/admin$/);
  const miaNav = mia.page.getByRole("navigation", { name: "Admin" });
  await expect(miaNav.getByRole("link", { name: "Leads" })).toBeVisible();
  await expect(miaNav.getByRole("link", { name: "Team" })).toHaveCount(0);
  await expect(miaNav.getByRole("link", { name: "Settings" })).toHaveCount(0);
  await mia.page.goto(`${server.origin}/admin/team`);
  await expect(mia.page).toHaveURL(/\/admin$/);

  // The editor: the content studio alone, and the server refuses the leads outright.
  const ed = await accept(browser, await invitationLink("ed@example.com"), "Ed");
  await expect(ed.page).toHaveURL(/\/admin\/content$/);
  const edNav = ed.page.getByRole("navigation", { name: "Admin" });
  await expect(edNav.getByRole("link")).toHaveText(["Site", "Account"]);
  // The studio-wide settings are an owner's to change: not offered.
  await expect(ed.page.getByRole("link", { name: "Journal posts" })).toBeVisible();
  await expect(ed.page.getByRole("link", { name: "Site settings" })).toHaveCount(0);
  await ed.page.goto(`${server.origin}/admin/leads`);
  await expect(ed.page).toHaveURL(/\/admin\/content$/);
  const token = await ed.page.evaluate(
    () => JSON.parse(localStorage.getItem("user") ?? "{}").accessToken,
  );
  const leads = await ed.page.request.get(`${server.origin}/api/leads/new`, {
    headers: { "x-access-token": token },
  });
  expect(leads.status()).toBe(403);

  // Both are on the team; removing the member (asked first) signs her out on her next click.
  await page.reload();
  await expect(page.getByRole("listitem").filter({ hasText: "mia@example.com" })).toContainText(
    "Mia Tester",
  );
  await page.getByRole("button", { name: "Remove Mia Tester from the team" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove Mia Tester?" });
  await dialog.getByRole("button", { name: "Remove from the team" }).click();
  await expect(
    page.getByText("Mia Tester is no longer on the team; their sessions have ended."),
  ).toBeVisible();
  await mia.page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Leads" })
    .click();
  await expect(mia.page).toHaveURL(/\/login\?forward=/);
  await mia.context.close();

  // All of it is in the audit log, from the Team screen, filtered by what was done.
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Action").fill("removeMember");
  await page.getByRole("button", { name: "Filter" }).click();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("role: member → —");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Action").fill("");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("cell", { name: "acceptInvitation" })).toHaveCount(2);
  await ed.context.close();
});

test("a used or unknown invitation link says why, and offers the way on", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.origin}/invite/not-a-real-invitation-token`);
  await expect(page.getByRole("alert")).toContainText("This invitation link is not valid.");
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  const used = await invitationLink("mia@example.com");
  await page.goto(used);
  await expect(page.getByRole("alert")).toHaveText(
    "This invitation has already been accepted. Log in instead.",
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test("two-factor sign-in is set up on Your account, then the login asks for a code", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await server.signIn(page);
  await page.goto(`${server.origin}/admin/team`);
  await page.getByRole("link", { name: owner.email }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  // Away, and back.
  const available = page.getByRole("switch", { name: "Available for new leads" });
  await available.uncheck();
  await expect(page.getByText("You are away: new leads go to the others.")).toBeVisible();
  await available.check();
  await expect(page.getByText("You are available for new leads.")).toBeVisible();

  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code of your two-factor secret" })).toBeVisible();
  const secret = (await page.getByText(/^[A-Z2-7]{32}$/).textContent()) ?? "";
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  await expect(page.getByLabel("The 6-digit code the app shows")).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.type(totp.generate());
  await page.keyboard.press("Enter");
  await expect(page.getByText("Two-factor sign-in is on.")).toBeVisible();
  // The codes, not the sessions listed further down the page.
  const recoveryCodes = await page
    .getByRole("region", { name: "Two-factor sign-in" })
    .getByRole("listitem")
    .allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole("button", { name: "I have kept them" }).click();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await phone.goto(`${server.origin}/login?forward=/admin/team`);
  await phone.getByLabel("Email").fill(owner.email);
  await phone.getByLabel("Password").fill(owner.password);
  await phone.getByLabel("Password").press("Enter");
  await expect(phone.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
  // The code field has focus: the next thing to type.
  await expect(phone.getByLabel("Authentication code")).toBeFocused();
  expect(await seriousViolations(phone)).toEqual([]);
  await phone.keyboard.type("000000");
  await phone.keyboard.press("Enter");
  await expect(phone.getByRole("alert")).toContainText("That code is not right.");
  // A recovery code (the app's code of this minute was spent turning it on).
  await phone.getByLabel("Authentication code").fill(recoveryCodes[0] ?? "");
  await phone.getByRole("button", { name: "Verify" }).click();
  await expect(phone).toHaveURL(`${server.origin}/admin/team`);
  await expect(phone.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await context.close();

  // Off again, with another recovery code, so the other tests log in with a password alone.
  await page.getByLabel("A current code or a recovery code").fill(recoveryCodes[1] ?? "");
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Two-factor sign-in is off.")).toBeVisible();
});

test("on a server that sends no e-mail, the owner gets the link to send, and it works", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const quiet = await startPrivateServer(
    test.info().workerIndex,
    { DIGEST_HOUR: "off" },
    { port: 0 },
  );
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await quiet.signIn(page);
    await page.goto(`${quiet.origin}/admin/team`);
    await page.getByLabel("Email", { exact: true }).fill("noor@example.com");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(/E-mail is not set up on this server/)).toBeVisible();
    const field = page.getByLabel("Link to send to noor@example.com");
    const link = await field.inputValue();
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{40,}$/);
    expect(await seriousViolations(page)).toEqual([]);
    const context = await browser.newContext();
    const invitee = await context.newPage();
    await invitee.goto(`${quiet.origin}${new URL(link).pathname}`);
    await invitee.getByLabel("Choose a password").fill("a long and good password");
    await invitee.getByLabel("First Name").fill("Noor");
    await invitee.getByLabel("Last Name").fill("Haddad");
    await invitee.getByRole("button", { name: "Join the team" }).click();
    await expect(invitee).toHaveURL(/\/admin$/);
    await context.close();
  } finally {
    await quiet.stop();
  }
});
