import { expect, type Locator, type Page, test } from "@playwright/test";
import { type Dovecot, dovecotMissing, startDovecot } from "../../server/test-support/dovecot.ts";
import { startSmtp } from "../../server/test-support/smtp.ts";
import { seriousViolations } from "./axe.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";

/**
 * A conversation with a visitor (docs/conversations.md), end to end on a server of its own with a real
 * SMTP server and a real Dovecot: the owner writes from the lead by keyboard alone, the
 * e-mail goes out, the visitor's answer lands in the mailbox and shows in the lead's pane.
 */
test.describe.configure({ mode: "serial" });
test.skip(Boolean(dovecotMissing), `${dovecotMissing} is missing`);

let server: PrivateServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let dovecot: Dovecot;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtp();
  dovecot = await startDovecot();
  server = await startPrivateServer(test.info().workerIndex, {
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: "owner@fineline.studio",
    MAIL_FROM: "hello@fineline.studio",
    REPLY_TO: "hello+{token}@fineline.studio",
    IMAP_URL: dovecot.url,
    DIGEST_HOUR: "off",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await dovecot?.close();
  await smtp?.close();
});

/** Keyboard only: Tab until `target` has focus. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`never reached ${target}`);
}

async function newLead(page: Page, email: string, firstName: string) {
  const res = await page.request.post(`${server.origin}/api/leads/contact-us`, {
    data: { email, firstName, lastName: "Delgado", message: "Could you build us a new site?" },
    headers: { "x-forwarded-for": `10.77.0.${Math.floor(Math.random() * 250)}` },
  });
  expect(res.status()).toBe(201);
  const session = await server.signIn(page);
  const leads = await (
    await page.request.get(`${server.origin}/api/leads/new?q=${encodeURIComponent(email)}`, {
      headers: { "x-access-token": session.accessToken },
    })
  ).json();
  return leads[0].ID as string;
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`write to a visitor and see the reply arrive at ${width} px, by keyboard alone`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    const email = `rosa.${width}@bakery.example`;
    const id = await newLead(page, email, `Rosa${width}`);
    await page.goto(`${server.origin}/admin/leads?lead=${id}`);
    const conversation = page.getByRole("region", { name: "Conversation" });
    // The instant reply went out at once, and is part of the conversation.
    await expect(conversation.getByText("Instant reply")).toBeVisible();

    const message = page.getByLabel("Message", { exact: true });
    await tabTo(page, message);
    await page.keyboard.type("Hello {{firstName}}, happy to help. Book a call: {{bookingLink}}");
    await tabTo(page, page.getByRole("button", { name: "Preview" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("region", { name: "Preview" })).toContainText(
      `Hello Rosa${width}, happy to help.`,
    );
    await tabTo(page, page.getByRole("button", { name: "Send", exact: true }));
    await page.keyboard.press("Enter");
    // The first answer moves the lead on, as Mark as replied does, and says so.
    await expect(page.getByText(`Rosa${width} Delgado moved to Follow Up With.`)).toBeVisible();

    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes(email)).length, { timeout: 15_000 })
      .toBe(2);
    const sent = smtp.received.filter((m) => m.to.includes(email)).at(-1)?.raw ?? "";
    expect(sent).toContain(`Hello Rosa${width}, happy to help.`);
    const ourId = /^Message-ID: (<[^>]+>)/im.exec(sent)?.[1] ?? "";

    await dovecot.deliver(
      "INBOX",
      [
        `From: Rosa <${email}>`,
        "To: hello@fineline.studio",
        "Subject: Re: your message to Fineline Studio",
        `Message-ID: <reply-${width}@bakery.example>`,
        `In-Reply-To: ${ourId}`,
        `References: ${ourId}`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Tuesday at ten works for us.",
        "",
        "On Thu, Nov 26, 2026, Fineline Studio wrote:",
        "> Hello Rosa, happy to help.",
      ].join("\r\n"),
    );
    // Open the lead again (it moved lists): the reply shows, the quote folded.
    await page.goto(`${server.origin}/admin/leads?lead=${id}`);
    await expect(conversation.getByText("Tuesday at ten works for us.")).toBeVisible({
      timeout: 30_000,
    });
    await expect(conversation.getByText("Hello Rosa, happy to help.")).toBeHidden();
    await expect(conversation.getByText("Show quoted text")).toBeVisible();
    await expect(conversation.getByText("Received")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("reply templates are written on the Settings screen and used from a lead", async ({
  page,
}) => {
  const id = await newLead(page, "ana@cafe.example", "Ana");
  await page.goto(`${server.origin}/admin/settings`);
  await page.getByLabel("Name", { exact: true }).fill("First answer");
  await page
    .getByRole("form", { name: "New template" })
    .getByLabel("Message")
    .fill("Hi {{firstNme}}");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByText(/^Unknown placeholder \{\{firstNme\}\}/)).toBeVisible();
  await page
    .getByRole("form", { name: "New template" })
    .getByLabel("Message")
    .fill("Hi {{firstName}}, thanks for writing.");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByText("“First answer” is ready to use.")).toBeVisible();
  // From the top: axe counts a button the sticky header half covers as too small a target.
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${server.origin}/admin/leads?lead=${id}`);
  await page.getByLabel("Start from a template").selectOption({ label: "First answer" });
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
    "Hi {{firstName}}, thanks for writing.",
  );
});
