import { expect, test } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { storeSession } from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydration.ts";
import { startPrivateServer } from "./private-server.ts";

/**
 * The owner requires two-factor sign-in of everyone (docs/team.md, "Two-factor sign-in"): a
 * member without it who opens the tracker is sent to Your account, told why, sets it up there,
 * and only then reaches the leads; when she loses it, the owner resets it and she is signed out.
 */
test("with two-factor required, a member sets it up before anything else", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await startPrivateServer(test.info().workerIndex);
  try {
    const owner = await server.signIn(page);
    const headers = { "x-access-token": owner.accessToken };
    // The owner's own two-factor, through the API (the setup screen has its own test).
    const { secret } = await (
      await page.request.post(`${server.origin}/api/auth/mfa/totp`, { headers, data: {} })
    ).json();
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
    const confirmed = await page.request.post(`${server.origin}/api/auth/mfa/totp/confirm`, {
      headers,
      data: { code },
    });
    expect(confirmed.status()).toBe(200);
    const invited = await page.request.post(`${server.origin}/api/team/invitations`, {
      headers,
      data: { email: "mia@fineline.studio", role: "member" },
    });
    const token = new URL((await invited.json()).link).pathname.split("/").at(-1);
    const mia = await (
      await page.request.post(`${server.origin}/api/team/invitations/${token}/accept`, {
        data: { password: "mia's good long password", first_name: "Mia", last_name: "Lopes" },
      })
    ).json();

    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, `${server.origin}/admin/team`);
    await expect(page.getByRole("listitem").filter({ hasText: "Mia Lopes" })).toContainText(
      "No two-factor",
    );
    await page.getByRole("switch", { name: "Require two-factor sign-in for everyone" }).check();
    await expect(
      page.getByText("One person has to set it up before they can do anything else."),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await storeSession(phone, mia, server.origin);
    await gotoHydrated(phone, `${server.origin}/admin/leads`);
    await expect(phone).toHaveURL(/\/admin\/account$/);
    await expect(phone.getByText("The studio requires two-factor sign-in.")).toBeVisible();
    expect(await seriousViolations(phone)).toEqual([]);
    await phone.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const hers = (await phone.getByText(/^[A-Z2-7]{32}$/).textContent()) ?? "";
    await phone
      .getByLabel("The 6-digit code the app shows")
      .fill(new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(hers) }).generate());
    await phone.keyboard.press("Enter");
    await expect(phone.getByText("Two-factor sign-in is on.")).toBeVisible();
    await phone.getByRole("button", { name: "I have kept them" }).click();
    await gotoHydrated(phone, `${server.origin}/admin/leads`);
    await expect(phone).toHaveURL(/\/admin\/leads$/);
    await expect(phone.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();

    // Mia loses her phone and her codes: the owner resets her two-factor, asked first. She is
    // signed out at once, and back at setting it up when she signs in again.
    await page.reload();
    const row = page.getByRole("listitem").filter({ hasText: "Mia Lopes" });
    await expect(row).toContainText("Two-factor on");
    await row.getByRole("button", { name: "Reset Mia Lopes's two-factor sign-in" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset Mia Lopes's two-factor sign-in?" });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Reset two-factor" }).click();
    await expect(
      page.getByText(
        "Mia Lopes's two-factor sign-in is reset and their sessions have ended: they sign in with their password and set it up again.",
      ),
    ).toBeVisible();
    await expect(row).toContainText("No two-factor");
    const gone = await page.request.get(`${server.origin}/api/team/me`, {
      headers: { "x-access-token": mia.accessToken },
    });
    expect(gone.status()).toBe(401);
    await context.close();
  } finally {
    await server.stop();
  }
});
