import { expect, type Page, test } from "@playwright/test";
import { fromClient } from "./client-address.ts";
import { gotoHydrated, waitForContactIsland } from "./hydration.ts";

/** The clients in the trusted-by strip (app/components/client-logos.tsx). */
const clientNames = [
  "Longue Vue",
  "Magnolia Mornings",
  "Tidewater Supply Co.",
  "Oak & Anchor",
  "Bright Hollow Clinic",
  "Pier 16 Books",
];

test.use(fromClient("landing-pages"));

// /home2 and /home3 are two landing pages with two audiences (the art-direction issue): each
// has its own heading, its own proof (case studies, client logos) and its own contact form,
// whose leads say which page they came from. One real post per page: the contact form allows
// 10 per address per 10 minutes, shared with contact-form.spec.ts and lead-source.spec.ts.

const landings = [
  {
    path: "/home2",
    h1: "A website that works the night shift.",
    audience: /sell after hours/i,
    studies: ["/previous-work/magnolia-mornings", "/previous-work/longue-vue"],
    islandProps: { sourcePage: "/home2", tone: "dark" },
  },
  {
    path: "/home3",
    h1: "Clear lines. Clean code. Customers who call.",
    audience: /trades, clinics, salons and local services/i,
    studies: ["/previous-work/longue-vue"],
    islandProps: { sourcePage: "/home3" },
  },
] as const;

/** The headings of the page's sections, in order (the site frame's own are not in main). */
const sectionHeadings = (page: Page) =>
  page
    .locator("main section h2")
    .evaluateAll((headings) => headings.map((h) => h.textContent?.trim() ?? ""));

for (const landing of landings) {
  test.describe(landing.path, () => {
    test("has its own heading, audience, proof and contact section", async ({ page }) => {
      await page.goto(landing.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(landing.h1);
      await expect(page.locator("main")).toContainText(landing.audience);
      // Case studies chosen for the audience, each a card linking to its study.
      const cards = page.locator("main article").filter({ hasText: "Read the case study" });
      await expect(cards).toHaveCount(landing.studies.length);
      for (const [index, href] of landing.studies.entries())
        await expect(cards.nth(index).getByRole("link")).toHaveAttribute("href", href);
      // Client logos, each named, drawn inline (no image requests on first load).
      for (const name of clientNames)
        await expect(page.locator("main").getByRole("img", { name, exact: true })).toBeVisible();
      // The four steps, each with its line drawing.
      for (const drawing of ["discover", "plan", "build", "launch"])
        await expect(page.locator(`main svg.line-art[data-drawing="${drawing}"]`)).toHaveCount(1);
      // A way to get in touch on the page itself, recording where the lead came from.
      const contact = page.locator("#contact-us");
      await expect(contact.getByRole("heading", { level: 2 })).toBeVisible();
      await expect(contact.locator("form")).toHaveCount(1);
      await expect(contact.locator("form input[name='sourcePage']")).toHaveValue(landing.path);
      await expect(contact.locator("[data-island='contact-form']")).toHaveAttribute(
        "data-props",
        JSON.stringify(landing.islandProps),
      );
      // Its calls to action lead to the form on this page, not to another page's.
      for (const link of await page.locator("main a[href*='contact-us']").all())
        await expect(link).toHaveAttribute("href", "#contact-us");
      // Headings in order: one h1, then h2s, never a skipped level.
      const levels = await page
        .locator("main :is(h1, h2, h3, h4)")
        .evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))));
      expect(levels[0]).toBe(1);
      levels.forEach((level, index) => {
        if (index > 0) expect(level - (levels[index - 1] ?? 1)).toBeLessThanOrEqual(1);
      });
    });

    test("the contact form sends a lead that names this page", async ({ page }) => {
      // The form's clock starts as the page is shown, not at the form's first use.
      const token = page.waitForResponse("**/api/leads/contact-token");
      await gotoHydrated(page, `${landing.path}#contact-us`);
      await waitForContactIsland(page);
      const form = page.locator("#contact-us form");
      expect((await token).status()).toBe(200);
      // A person's pace: more than three seconds from opening the page to Submit.
      await page.waitForTimeout(3200);
      const tag = `${landing.path.slice(1)}.${Date.now().toString(36)}`;
      await form.getByLabel("Email").fill(`${tag}@landing.example`);
      await form.getByLabel("First Name").fill("Nadia");
      await form.getByLabel("Last Name").fill("Okafor");
      await form
        .getByPlaceholder("Leave us a Message")
        .fill("We take bookings until late and lose some to the phone going unanswered.");
      const sent = page.waitForRequest(
        (request) => request.url().endsWith("/api/leads/contact-us") && request.method() === "POST",
      );
      await form.getByRole("button", { name: "Submit" }).click();
      expect((await sent).postDataJSON()).toMatchObject({
        email: `${tag}@landing.example`,
        firstName: "Nadia",
        lastName: "Okafor",
        sourcePage: landing.path,
      });
      await expect(form.getByRole("status")).toHaveText("We'll be in touch shortly!");
      await expect(form.getByRole("alert")).toHaveCount(0);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused post from a landing page comes back to that page, filled in", async ({
    page,
  }) => {
    for (const landing of landings) {
      await page.goto(`${landing.path}#contact-us`);
      const form = page.locator("#contact-us form");
      await form.getByLabel("Email").fill("nadia@venue.example");
      await form.getByLabel("Last Name").fill("Okafor");
      const response = page.waitForResponse("**/api/leads/contact-us");
      await form.getByRole("button", { name: "Submit" }).click();
      expect((await response).status()).toBe(400);
      // The same page (its own heading), the message beside the form, what was typed kept.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(landing.h1);
      await expect(form.getByRole("alert")).toHaveText(
        "Invalid first name. Please fix and try again",
      );
      await expect(form.getByLabel("Email")).toHaveValue("nadia@venue.example");
      await expect(form.getByLabel("First Name")).toBeFocused();
    }
  });
});

test("the two landing pages are two pages, not one in two palettes", async ({ page }) => {
  const seen: { headings: string[]; background: string; drawings: string[] }[] = [];
  for (const landing of landings) {
    await page.goto(landing.path);
    seen.push({
      headings: await sectionHeadings(page),
      background: await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
      drawings: await page
        .locator("main svg.line-art")
        .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute("data-drawing") ?? "")),
    });
  }
  const [night, local] = seen;
  // Each page has five or more sections of its own, and no section heading in common.
  expect(night?.headings.length).toBeGreaterThanOrEqual(5);
  expect(local?.headings.length).toBeGreaterThanOrEqual(5);
  expect(night?.headings.filter((heading) => local?.headings.includes(heading))).toEqual([]);
  // Dark and light.
  expect(night?.background).not.toBe(local?.background);
  // Each opens with a drawing of its own (docs/site.md), then the four step drawings.
  expect(night?.drawings).toEqual(["night", "discover", "plan", "build", "launch"]);
  expect(local?.drawings).toEqual(["local", "discover", "plan", "build", "launch"]);
});

test.describe("at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" });

  test("each hero fills its width: no empty right side", async ({ page }) => {
    for (const landing of landings) {
      await page.goto(landing.path);
      const hero = page.locator("main section").first();
      const { right, width } = await hero.evaluate((section) => {
        const box = section.getBoundingClientRect();
        const content = [...section.querySelectorAll("h1, p, a, svg, li, h2")].map((el) =>
          el.getBoundingClientRect(),
        );
        return {
          right: Math.max(...content.map((rect) => rect.right)) - box.left,
          width: box.width,
        };
      });
      // Content reaches the right gutter (the page has 40 px gutters at this width).
      expect(right, landing.path).toBeGreaterThan(width - 80);
    }
  });
});

// axe at 390 and 1440 px: accessibility.spec.ts runs it on every public page, these two included.
