import { expect, type Page, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import { startSmtp } from "../../server/test-support/smtp.ts";
import { owner } from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";

/**
 * Self-service on one's own account (docs/team.md, "Your own account"), end to end on a server
 * of its own with a real SMTP server: "Forgot password?" from the login page on a phone, the
 * e-mailed link, a new password that signs every other device out; then, on a desktop, a new
 * password on Your account, a session ended from its list, and a new name.
 */
test.describe.configure({ mode: "serial" });

let server: PrivateServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtp();
  server = await startPrivateServer(test.info().workerIndex, {
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: "studio@fineline.studio",
    DIGEST_HOUR: "off",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** The link in the last reset e-mail to `to`, at the test's origin. */
async function resetLink(to: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1);
        if (!mail) return false;
        const text = (await simpleParser(mail.raw)).text ?? "";
        link = text.match(/https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/)?.[0] ?? "";
        return link !== "";
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return `${server.origin}${new URL(link).pathname}`;
}

/** A session made elsewhere (another device), through the API. */
async function loginElsewhere(page: Page, password: string) {
  const res = await page.request.post(`${server.origin}/api/auth/login`, {
    data: { username: owner.email, password },
    headers: {
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { accessToken: string };
}

/** Whether an access token is still accepted (Your account's own data). */
async function stillWorks(page: Page, accessToken: string) {
  const res = await page.request.get(`${server.origin}/api/team/me`, {
    headers: { "x-access-token": accessToken },
  });
  return res.status() === 200;
}

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("forgot password on a phone: the e-mailed link sets a new one and signs every device out", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const elsewhere = await loginElsewhere(page, owner.password);

  await page.goto(`${server.origin}/login`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Forgot your password?" }),
  ).toBeVisible();
  await page.getByLabel("Email").fill(owner.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses that address");
  expect(await noOverflow(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(await resetLink(owner.email));
  await expect(
    page.getByRole("heading", { level: 1, name: "Choose a new password" }),
  ).toBeVisible();
  await expect(page.getByText(owner.email)).toBeVisible();
  expect(await noOverflow(page)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  // The rule is said before anything is sent.
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passwords are 8 to 60 characters.");
  await page.getByLabel("New password").fill("the reset e2e password");
  await page.getByRole("button", { name: "Set the new password" }).click();
  // Signed in with it, on the owner's first screen; the other device is out.
  await expect(page).toHaveURL(/\/admin$/);
  expect(await stillWorks(page, elsewhere.accessToken)).toBe(false);

  // The link worked once.
  const link = await resetLink(owner.email);
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText(
    "This link has already been used. Ask for a new one if you need it.",
  );
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
});

test("Your account: a new password ends the other sessions, and one ends from the list", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const current = "the reset e2e password";
  const session = await page.request.post(`${server.origin}/api/auth/login`, {
    data: { username: owner.email, password: current },
  });
  expect(session.status()).toBe(200);
  await page.goto(`${server.origin}/robots.txt`);
  await page.evaluate(
    (value) => localStorage.setItem("user", JSON.stringify(value)),
    await session.json(),
  );
  const laptop = await loginElsewhere(page, current);

  await page.goto(`${server.origin}/admin/account`);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  const list = page.getByRole("region", { name: "Where you're signed in" });
  await expect(list.getByText("This device")).toBeVisible();
  await expect(
    list.getByRole("button", { name: /^End the session of Firefox on Linux/ }),
  ).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await noOverflow(page)).toBe(true);

  // A wrong current password is said, and changes nothing.
  const password = page.getByRole("region", { name: "Password" });
  await password.getByLabel("Current password").fill("not the password at all");
  await password.getByLabel("New password").fill("the account page password");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByRole("alert")).toHaveText("That is not your current password.");
  expect(await stillWorks(page, laptop.accessToken)).toBe(true);

  await password.getByLabel("Current password").fill(current);
  await password.getByLabel("New password").fill("the account page password");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByRole("status")).toHaveText(
    "Your password is changed. You stay signed in here; every other session has ended.",
  );
  // The laptop is out; this page carries on with its new token.
  expect(await stillWorks(page, laptop.accessToken)).toBe(false);
  await expect(list.getByRole("button", { name: /^End the session/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();

  // A session ended from the list, by keyboard: that device is refused at once.
  const phone = await loginElsewhere(page, "the account page password");
  await page.reload();
  const end = list.getByRole("button", { name: /^End the session of Firefox on Linux/ });
  await end.focus();
  await page.keyboard.press("Enter");
  await expect(list.getByRole("status")).toHaveText(
    "Firefox on Linux: That session has ended: its device is signed out.",
  );
  await expect(end).toHaveCount(0);
  expect(await stillWorks(page, phone.accessToken)).toBe(false);

  // The name the team knows them by: an empty one is refused in the server's words; a new
  // one is kept.
  const name = page.getByRole("region", { name: "Name", exact: true });
  await name.getByLabel("First name").fill("  ");
  await name.getByRole("button", { name: "Save name" }).click();
  await expect(name.getByRole("alert")).toHaveText(
    "Please enter your first name (up to 100 characters).",
  );
  await name.getByLabel("First name").fill("Maya");
  await name.getByLabel("Last name").fill("Okafor");
  await name.getByRole("button", { name: "Save name" }).click();
  await expect(name.getByRole("status")).toHaveText("Saved. The team sees you as Maya Okafor.");
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(name.getByLabel("First name")).toHaveValue("Maya");
  await expect(name.getByLabel("Last name")).toHaveValue("Okafor");

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await noOverflow(page)).toBe(true);
});
