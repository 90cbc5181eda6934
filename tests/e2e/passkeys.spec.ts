import { expect, test } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { owner, type Session, storeSession } from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydration.ts";
import { startPrivateServer } from "./private-server.ts";
import { e2ePort } from "./server.ts";

/**
 * Passkeys as a second factor (docs/team.md, "Two-factor sign-in"), in Chromium with its
 * virtual authenticator: the owner adds one on Your account (with recovery codes, having no
 * app), signs out, signs in with the password and the passkey, then with a recovery code, and
 * removes it. WebAuthn refuses IP addresses as relying parties,
 * so this server's SITE_URL, and every page here, is http://localhost:<port>.
 */
test("a passkey is added on Your account, finishes a login, and is removed", async ({ page }) => {
  test.setTimeout(120_000);
  const port = e2ePort + 100 + test.info().workerIndex;
  const origin = `http://localhost:${port}`;
  const server = await startPrivateServer(test.info().workerIndex, { SITE_URL: origin }, { port });
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    const login = await page.request.post(`${origin}/api/auth/login`, {
      data: { username: owner.email, password: owner.password },
    });
    await storeSession(page, (await login.json()) as Session, origin);
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, `${origin}/admin/account`);
    const section = page.getByRole("region", { name: "Passkeys" });
    await expect(section.getByText("No passkeys yet.")).toBeVisible();
    await section.getByLabel("Passkey name").fill("MacBook");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await expect(section.getByText("Added the passkey “MacBook”.")).toBeVisible();
    await expect(section.getByRole("list", { name: "Your passkeys" })).toContainText("MacBook");
    // No app on this account: the first passkey comes with recovery codes, shown this once.
    const codes = section
      .getByRole("listitem")
      .filter({ hasText: /^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/ });
    await expect(section.getByText("Your recovery codes, shown this once")).toBeVisible();
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().textContent()) ?? "";
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(await seriousViolations(page)).toEqual([]);

    const signOutAndIn = async () => {
      await page.getByRole("link", { name: "Log out" }).click();
      await expect(page).toHaveURL(/\/logout$/);
      await expect.poll(() => page.evaluate(() => localStorage.getItem("user"))).toBeNull();
      await gotoHydrated(page, `${origin}/login?forward=/admin/account`);
      await page.getByLabel("Email").fill(owner.email);
      await page.getByLabel("Password").fill(owner.password);
      await page.getByRole("button", { name: "Log In" }).click();
      await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    };
    await signOutAndIn();
    expect(await seriousViolations(page)).toEqual([]);
    // Only a passkey on this account, no app: the passkey is the step, keyboard first.
    const usePasskey = page.getByRole("button", { name: "Use a passkey" });
    await expect(usePasskey).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${origin}/admin/account`);
    await expect(section.getByText(/last used/)).toBeVisible();

    // The passkey lost: a recovery code signs in instead, by keyboard too.
    await signOutAndIn();
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await expect(page.getByLabel("Recovery code")).toBeFocused();
    await page.keyboard.type(recoveryCode);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${origin}/admin/account`);

    // With app codes on as well, the passkey is offered beside the code field.
    const session = JSON.parse(
      (await page.evaluate(() => localStorage.getItem("user"))) ?? "{}",
    ) as Session;
    const headers = { "x-access-token": session.accessToken };
    const { secret } = await (
      await page.request.post(`${origin}/api/auth/mfa/totp`, { headers, data: {} })
    ).json();
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
    const on = await page.request.post(`${origin}/api/auth/mfa/totp/confirm`, {
      headers,
      data: { code },
    });
    expect(on.status()).toBe(200);
    await signOutAndIn();
    await expect(page.getByLabel("Authentication code")).toBeFocused();
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page).toHaveURL(`${origin}/admin/account`);

    await section.getByRole("button", { name: "Remove the passkey “MacBook”" }).click();
    await expect(section.getByText('Removed the passkey "MacBook".')).toBeVisible();
    await expect(section.getByText("No passkeys yet.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await server.stop();
  }
});
