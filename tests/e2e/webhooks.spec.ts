import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { pause, startReceiver } from "../../server/test-support/webhook-receiver.ts";
import { seriousViolations } from "./axe.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";

/**
 * Webhooks from Settings (docs/integrations.md), on a server of its own that may send to
 * 127.0.0.1: the owner adds one with a local receiver, copies its secret (shown once), a lead
 * arrives and the receiver checks its signature, the delivery is replayed, the webhook paused
 * and deleted (asked first); axe and no sideways scroll at 390 and 1440 px.
 */
test.describe.configure({ mode: "serial" });

let server: PrivateServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  receiver = await startReceiver();
  server = await startPrivateServer(test.info().workerIndex, {
    WEBHOOK_PRIVATE_TARGETS: "127.0.0.1",
    DIGEST_HOUR: "off",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

for (const width of [390, 1440]) {
  test(`an owner adds, uses, replays, pauses and deletes a webhook at ${width} px`, async ({
    page,
  }) => {
    receiver.received.length = 0;
    await page.setViewportSize({ width, height: 900 });
    await server.signIn(page);
    await page.goto(`${server.origin}/admin/settings`);
    const section = page.getByRole("region", { name: "Webhooks" });
    await expect(section).toBeVisible();

    // A private address not listed is refused, with the reason.
    await section.getByLabel("URL").fill("https://169.254.169.254/latest/meta-data/");
    await section.getByRole("button", { name: "Add webhook" }).click();
    await expect(section.getByText(/is a private, loopback, link-local/)).toBeVisible();

    await section.getByLabel("URL").fill(receiver.url);
    await section.getByLabel("A lead won (Converted)").check();
    await section.getByRole("button", { name: "Add webhook" }).click();
    await expect(section.getByText("Webhook added.", { exact: false })).toBeVisible();
    const secret = (await section.locator("code").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await expect(section.getByRole("button", { name: "Copy secret" })).toBeVisible();
    // Clear of the sticky header, which would cover a button scrolled under it.
    await section
      .getByRole("button", { name: "Show deliveries" })
      .evaluate((button) => button.scrollIntoView({ block: "center" }));
    expect(await seriousViolations(page, "section[aria-labelledby='webhooks-heading']")).toEqual(
      [],
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await section.getByRole("button", { name: "Done" }).click();
    await expect(section.locator("code")).toHaveCount(0);

    const lead = await page.request.post(`${server.origin}/api/leads/contact-us`, {
      data: {
        email: `ana-${width}@example.com`,
        firstName: "Ana",
        lastName: "Lopes",
        message: "We need a new shop.",
      },
    });
    expect(lead.status()).toBe(201);
    await receiver.until(1);
    const [request] = receiver.received;
    const payload = new Webhook(secret).verify(
      request?.body ?? "",
      request?.headers as Record<string, string>,
    ) as { type: string };
    expect(payload.type).toBe("lead.created");

    const row = section.getByRole("listitem").filter({ hasText: receiver.url }).first();
    await row.getByRole("button", { name: "Show deliveries" }).click();
    const deliveries = row.getByRole("list", { name: /^Deliveries to/ });
    await expect(deliveries.getByText("A new lead", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: /^Replay/ }).click();
    await expect(row.getByText("The delivery is queued again")).toBeVisible();
    await receiver.until(2);
    expect(receiver.received[1]?.headers["webhook-id"]).toBe(request?.headers["webhook-id"]);

    await row.getByRole("button", { name: /^Pause/ }).click();
    await expect(row.getByText("Paused", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: /^Resume/ }).click();
    await expect(row.getByText("Active", { exact: true })).toBeVisible();

    await row.getByRole("button", { name: /^Delete/ }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Delete the webhook to");
    await dialog.getByRole("button", { name: "Delete webhook" }).click();
    await expect(section.getByText(/is deleted/)).toBeVisible();
    await expect(section.getByRole("listitem").filter({ hasText: receiver.url })).toHaveCount(0);
    await pause(100);
  });
}
