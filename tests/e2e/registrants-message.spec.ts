import { expect, test } from "@playwright/test";
import { events } from "../../app/content/collections.server.ts";
import { conversationTexts } from "../../domain/conversation.ts";
import { startSmtp } from "../../server/test-support/smtp.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydration.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";

/**
 * The owner writes to everyone registered for an event from /admin/events (docs/events.md), on
 * a server of its own with a real SMTP server: labelled fields checked before anything is
 * asked, a question naming how many people get it, the outcome announced, one e-mail each.
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
    MAIL_FROM: "hello@fineline.studio",
    DIGEST_HOUR: "off",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

// This server runs on the real clock: the soonest event still to come takes registrations.
const event = events()
  .filter((e) => Date.parse(e.meta.start) > Date.now())
  .sort((a, b) => Date.parse(a.meta.start) - Date.parse(b.meta.start))[0];

test("the owner writes to both people registered: checked, asked once, sent", async ({ page }) => {
  if (!event) throw new Error("no event open for registration");
  for (const [n, name] of ["Ana", "Ben"].entries()) {
    const res = await page.request.post(`${server.origin}/api/events/${event.slug}/registrations`, {
      headers: { "x-forwarded-for": `10.78.0.${n + 1}` },
      data: { email: `${name.toLowerCase()}@visitor.example`, firstName: name, lastName: "Guest" },
    });
    expect(res.status()).toBe(201);
  }
  await server.signIn(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoHydrated(page, `${server.origin}/admin/events`);
  const card = page.getByRole("article", { name: event.meta.title });
  const open = card.getByRole("button", { name: "Write to everyone registered…" });
  await open.click();
  await expect(open).toHaveAttribute("aria-expanded", "true");
  const form = card.getByRole("form", {
    name: `Write to everyone registered for ${event.meta.title}`,
  });
  const subject = form.getByLabel("Subject");
  const message = form.getByLabel("Message");

  // Nothing written: said at the field, which takes focus; nothing is asked or sent.
  await form.getByRole("button", { name: "Send to 2 people…" }).click();
  await expect(subject).toBeFocused();
  await expect(subject).toHaveAttribute("aria-invalid", "true");
  await expect(subject).toHaveAccessibleDescription(conversationTexts.subjectMissing);
  await expect(message).toHaveAccessibleDescription(conversationTexts.textMissing);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await subject.fill("Parking for the evening");
  await message.fill("Park behind the building; the front lot closes at six.");
  // What is typed clears what was said of the field.
  await expect(subject).not.toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText(conversationTexts.textMissing)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("write-1440.png"), fullPage: true });
  await form.getByRole("button", { name: "Send to 2 people…" }).click();
  const dialog = page.getByRole("dialog", { name: "Send this to 2 people?" });
  await expect(dialog).toContainText(`Each of the 2 people registered for ${event.meta.title}`);
  // The safe choice has focus; Escape keeps everything as it was.
  await expect(dialog.getByRole("button", { name: "Not yet" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(subject).toHaveValue("Parking for the evening");
  expect(await seriousViolations(page)).toEqual([]);

  await form.getByRole("button", { name: "Send to 2 people…" }).click();
  await dialog.getByRole("button", { name: "Send to 2 people" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(/^Your message is on its way to 2 people/)).toBeVisible();
  await expect(subject).toHaveValue("");

  // One e-mail each, from MAIL_FROM.
  await expect
    .poll(
      () =>
        smtp.received
          .filter((m) => m.raw.includes("Subject: Parking for the evening"))
          .map((m) => m.to[0])
          .sort(),
      { timeout: 30_000 },
    )
    .toEqual(["ana@visitor.example", "ben@visitor.example"]);

  // On a phone the form fits the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await open.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("write-390.png"), fullPage: true });
  // From the top, where nothing sits under the sticky admin bar.
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await seriousViolations(page)).toEqual([]);
});
