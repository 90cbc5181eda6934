import { expect, type Page, test } from "@playwright/test";
import { fromClient } from "./client-address.ts";
import { gotoHydrated, waitForContactIsland } from "./hydration.ts";

test.use(fromClient("contact-form"));

// Real posts from this suite stay well under the per-address limit (10 per 10 minutes);
// failure cases are simulated in the browser with page.route.

const form = (page: Page) => page.locator("main form").first();

async function fill(
  page: Page,
  values: { email?: string; first?: string; last?: string; message?: string },
) {
  const f = form(page);
  if (values.email !== undefined) await f.getByLabel("Email").fill(values.email);
  if (values.first !== undefined) await f.getByLabel("First Name").fill(values.first);
  if (values.last !== undefined) await f.getByLabel("Last Name").fill(values.last);
  if (values.message !== undefined)
    await f.getByPlaceholder("Leave us a Message").fill(values.message);
}

const unique = (name: string) =>
  `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@bakery.example`;

test.describe("contact form", () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, "/home#contact-us");
    await waitForContactIsland(page);
  });

  test("has labelled fields, the message placeholder and a Submit button inside #contact-us", async ({
    page,
  }) => {
    await expect(page.locator("#contact-us form")).toHaveCount(1);
    const f = form(page);
    for (const label of ["Email", "First Name", "Last Name"])
      await expect(f.getByLabel(label, { exact: true })).toBeVisible();
    await expect(f.getByPlaceholder("Leave us a Message")).toBeVisible();
    await expect(f.getByRole("button", { name: "Submit" })).toBeVisible();
  });

  test("checks email, then first name, then last name, with the spec's texts", async ({ page }) => {
    let posted = 0;
    await page.route("**/api/leads/contact-us", (route) => {
      posted++;
      return route.continue();
    });
    const submit = form(page).getByRole("button", { name: "Submit" });
    const alert = form(page).getByRole("alert");
    await submit.click();
    await expect(alert).toHaveText("Invalid email. Please fix and try again");
    await fill(page, { email: "rosa@bakery" });
    await submit.click();
    await expect(alert).toHaveText("Invalid email. Please fix and try again");
    await fill(page, { email: "rosa@bakery.example" });
    await submit.click();
    await expect(alert).toHaveText("Invalid first name. Please fix and try again");
    await fill(page, { first: "Rosa" });
    await submit.click();
    await expect(alert).toHaveText("Invalid last name. Please fix and try again");
    expect(posted).toBe(0);
  });

  test("stores a request, shows the success message alone and clears the form", async ({
    page,
  }) => {
    await submitInvalidThenValid(page);
    await expect(form(page).getByRole("status")).toHaveText("We'll be in touch shortly!");
    await expect(form(page).getByRole("alert")).toHaveCount(0);
    await expect(form(page).getByLabel("Email")).toHaveValue("");
    await expect(form(page).getByPlaceholder("Leave us a Message")).toHaveValue("");
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ])
    test(`brings the answer into view at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.route("**/api/leads/contact-us", (route) =>
        route.fulfill({ status: 201, json: { message: "We'll be in touch shortly!" } }),
      );
      await fill(page, { email: unique("view"), first: "Rosa", last: "Delgado" });
      // The visitor's eyes are on the fields: Submit's row at the bottom edge of the screen.
      await form(page)
        .getByRole("button", { name: "Submit" })
        .evaluate((button) => button.scrollIntoView({ block: "end" }));
      await form(page).getByRole("button", { name: "Submit" }).click();
      const answer = form(page).getByRole("status");
      await expect(answer).toHaveText("We'll be in touch shortly!");
      await expect
        .poll(() =>
          answer.evaluate((el) => {
            const box = el.getBoundingClientRect();
            // Within the screen, give or take the fraction of a pixel scrolling rounds to.
            return box.top >= -1 && box.bottom <= window.innerHeight + 1;
          }),
        )
        .toBe(true);
    });

  test("shows a failing response's message and keeps what was typed", async ({ page }) => {
    await page.route("**/api/leads/contact-us", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ message: "Our inbox is resting. Try again soon." }),
      }),
    );
    await fill(page, {
      email: "rosa@bakery.example",
      first: "Rosa",
      last: "Delgado",
      message: "Hello",
    });
    await form(page).getByRole("button", { name: "Submit" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Our inbox is resting. Try again soon.");
    await expect(form(page).getByRole("status")).toHaveCount(0);
    await expect(form(page).getByLabel("Email")).toHaveValue("rosa@bakery.example");
  });

  test("shows the default failure text when the network fails", async ({ page }) => {
    await page.route("**/api/leads/contact-us", (route) => route.abort("internetdisconnected"));
    await fill(page, { email: "rosa@bakery.example", first: "Rosa", last: "Delgado" });
    await form(page).getByRole("button", { name: "Submit" }).click();
    await expect(form(page).getByRole("alert")).toHaveText("Submission failed. Please try again!");
  });

  test("clears the previous message on a new submit and shows one at a time", async ({ page }) => {
    await page.route("**/api/leads/contact-us", (route) =>
      route.fulfill({
        status: 201,
        contentType: "application/json",
        body: JSON.stringify({ message: "We'll be in touch shortly!" }),
      }),
    );
    const submit = form(page).getByRole("button", { name: "Submit" });
    await submit.click();
    await expect(form(page).getByRole("alert")).toBeVisible();
    await fill(page, { email: "rosa@bakery.example", first: "Rosa", last: "Delgado" });
    await submit.click();
    await expect(form(page).getByRole("status")).toBeVisible();
    await expect(form(page).getByRole("alert")).toHaveCount(0);
    await submit.click(); // now empty again: the success message goes, the error comes
    await expect(form(page).getByRole("alert")).toBeVisible();
    await expect(form(page).getByRole("status")).toHaveCount(0);
  });

  test("shows a sending state and never sends twice", async ({ page }) => {
    let posted = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/leads/contact-us", async (route) => {
      posted++;
      await held;
      await route.fulfill({
        status: 201,
        contentType: "application/json",
        body: JSON.stringify({ message: "We'll be in touch shortly!" }),
      });
    });
    await fill(page, { email: "rosa@bakery.example", first: "Rosa", last: "Delgado" });
    const button = form(page).getByRole("button", { name: /Submit|Sending/ });
    await button.click();
    await expect(button).toHaveText("Sending…");
    await expect(button).toBeDisabled();
    await form(page).evaluate((f) => (f as HTMLFormElement).requestSubmit());
    release();
    await expect(form(page).getByRole("status")).toBeVisible();
    expect(posted).toBe(1);
  });
});

async function submitInvalidThenValid(page: Page) {
  await form(page).getByRole("button", { name: "Submit" }).click();
  await expect(form(page).getByRole("alert")).toBeVisible();
  await fill(page, {
    email: unique("rosa"),
    first: "Rosa",
    last: "Delgado",
    message: "We need a new website.",
  });
  await form(page).getByRole("button", { name: "Submit" }).click();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a valid post lands on the confirmation page", async ({ page }) => {
    await page.goto("/home#contact-us");
    await fill(page, {
      email: unique("nojs"),
      first: "Sam",
      last: "Reyes",
      message: "Quote please",
    });
    await form(page).getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL("/contact/sent");
    await expect(page.getByRole("status")).toHaveText("We'll be in touch shortly!");
  });

  test("an invalid post comes back with the message and everything typed, escaped", async ({
    page,
  }) => {
    await page.goto("/home#contact-us");
    const message = `Two lines, <b>markup</b> & "quotes":\nit's all kept.`;
    await fill(page, { email: "sam@shop.example", first: "", last: `O'Reyes "<i>"`, message });
    const response = page.waitForResponse("**/api/leads/contact-us");
    await form(page).getByRole("button", { name: "Submit" }).click();
    expect((await response).status()).toBe(400);
    await expect(form(page).getByRole("alert")).toHaveText(
      "Invalid first name. Please fix and try again",
    );
    await expect(form(page).getByLabel("Email")).toHaveValue("sam@shop.example");
    await expect(form(page).getByLabel("Last Name")).toHaveValue(`O'Reyes "<i>"`);
    await expect(form(page).getByPlaceholder("Leave us a Message")).toHaveValue(message);
    // The field to fix has focus, and nothing typed became markup.
    await expect(form(page).getByLabel("First Name")).toBeFocused();
    await expect(page.locator("main b, main i")).toHaveCount(0);
    // Fixed and sent again, still without JavaScript: the confirmation.
    await form(page).getByLabel("Email").fill(unique("nojs-again"));
    await form(page).getByLabel("First Name").fill("Sam");
    await form(page).getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL("/contact/sent");
  });
});

test("a form sent back by the server keeps its values when the island hydrates", async ({
  browser,
}) => {
  // Refused without script (the island never loaded), then the page comes back with script.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route("**/assets/frame-*.js", (route) => route.abort());
  await page.goto("/home#contact-us");
  await fill(page, {
    email: "kept@bakery.example",
    first: "",
    last: "Reyes",
    message: "\nKeep me",
  });
  await form(page).getByRole("button", { name: "Submit" }).click();
  await expect(form(page).getByRole("alert")).toBeVisible();
  await page.unroute("**/assets/frame-*.js");
  // The same answer again, now with the frame: the focused form hydrates at once.
  await page.reload();
  await expect(page.locator('[data-island="contact-form"]')).toHaveAttribute(
    "data-hydrated",
    "true",
  );
  await expect(form(page).getByPlaceholder("Leave us a Message")).toHaveValue("\nKeep me");
  await expect(form(page).getByLabel("Email")).toHaveValue("kept@bakery.example");
  await expect(form(page).getByRole("alert")).toHaveText(
    "Invalid first name. Please fix and try again",
  );
  // Sent successfully with script, the form empties: the refused values are not its defaults.
  await form(page).getByLabel("Email").fill(unique("kept"));
  await form(page).getByLabel("First Name").fill("Sam");
  await form(page).getByRole("button", { name: "Submit" }).click();
  await expect(form(page).getByRole("status")).toHaveText("We'll be in touch shortly!");
  await expect(form(page).getByLabel("Email")).toHaveValue("");
  await expect(form(page).getByPlaceholder("Leave us a Message")).toHaveValue("");
  await context.close();
});
