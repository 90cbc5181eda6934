import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydration.ts";
import { publicRoutes } from "./public-routes.ts";

test.describe("desktop navigation", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the main nav links reach their pages", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, path, heading] of [
      ["Events", "/events", /Come and talk/],
      ["Guides", "/guides", /Guides for the people/],
      ["Previous Work", "/previous-work", /Work we can put numbers to/],
      ["About", "/about", /A small studio/],
      ["Home", "/", /Websites that earn trust/],
    ] as const) {
      await nav.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
    }
  });

  test("Contact goes to /home#contact-us and scrolls the section into view", async ({ page }) => {
    await page.goto("/events");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Contact" })
      .click();
    await expect(page).toHaveURL("/home#contact-us");
    await expect(page.locator("#contact-us")).toBeInViewport();
  });

  test("the bar hides when scrolling down past 200 px and returns on scrolling up", async ({
    page,
  }) => {
    await gotoHydrated(page, "/about");
    const header = page
      .locator("header")
      .filter({ has: page.getByRole("navigation", { name: "Main" }) });
    await expect(header).toBeInViewport();
    await page.mouse.wheel(0, 150);
    await page.waitForTimeout(200);
    await expect(header).toHaveAttribute("data-hidden", "false"); // not yet past 200 px
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveAttribute("data-hidden", "true");
    await expect(header).not.toBeInViewport();
    await page.mouse.wheel(0, -120);
    await expect(header).toHaveAttribute("data-hidden", "false");
    await expect(header).toBeInViewport();
  });

  test("the back-to-top anchor returns to the top", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("link", { name: "Back to top" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(10);
  });

  test("the footer carries the brand twice and the copyright", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Fineline Studio").first()).toBeVisible();
    await expect(footer).toContainText(/©\s*Copyright\s*\d{4} Fineline Studio/);
    await expect(footer.getByRole("link", { name: "hello@fineline.studio" })).toBeVisible();
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens with Menu, has Services, traps focus and closes with Escape", async ({ page }) => {
    await gotoHydrated(page, "/");
    const menuButton = page.getByRole("button", { name: "Menu" });
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }),
    ).toBeHidden();
    await menuButton.click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    // A button with a command must not carry aria-expanded (HTML); the modal dialog says it all.
    await expect(menuButton).not.toHaveAttribute("aria-expanded");
    for (const name of ["Home", "Events", "Guides", "About", "Previous Work", "Services"]) {
      await expect(dialog.getByRole("link", { name, exact: true })).toBeVisible();
    }
    // Tab far more times than there are controls: focus never leaves the dialog.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(
        true,
      );
    }
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(
      true,
    );
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test("the menu opens even when tapped before the app has hydrated", async ({ page }) => {
    // Hold the frame script back: only the browser's own invoker commands can open it now.
    await page.route("**/assets/frame-*.js", () => {});
    // A module script that never arrives holds DOMContentLoaded back, not the page's paint.
    await page.goto("/", { waitUntil: "commit" });
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("Services goes to /about#services and closes the menu", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Menu" }).click();
    await page
      .getByRole("dialog", { name: "Menu" })
      .getByRole("link", { name: "Services" })
      .click();
    await expect(page).toHaveURL("/about#services");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(page.locator("#services")).toBeInViewport();
  });
});

test.describe("privacy", () => {
  test("every public page links to /privacy from its footer", async ({ page }) => {
    for (const { path } of publicRoutes) {
      await page.goto(path);
      const link = page.getByRole("contentinfo").getByRole("link", { name: "Privacy" });
      await expect(link, path).toHaveAttribute("href", "/privacy");
    }
  });

  test("the contact form and the booking form say where their details go", async ({ page }) => {
    for (const path of ["/", "/book"]) {
      await page.goto(path);
      const form = page.locator('form:has(button[type="submit"])').first();
      await expect(form.getByRole("link", { name: "How we handle your details" })).toHaveAttribute(
        "href",
        "/privacy",
      );
    }
  });

  test("/privacy says what is kept, for how long, and that no cookies are set", async ({
    page,
  }) => {
    const response = await page.goto("/privacy");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/What we keep/);
    for (const section of [
      "When you write to us",
      "When you book a call",
      "When you read the site",
    ]) {
      await expect(page.getByRole("heading", { name: section })).toBeVisible();
    }
    await expect(page.getByText(/No cookies/).first()).toBeVisible();
    await expect(page.getByText(/30 days/).first()).toBeVisible();
    expect(await page.context().cookies()).toEqual([]);
  });
});
