import { expect, type Page, test } from "@playwright/test";
import { createOwner } from "./accounts.ts";
import { fromClient } from "./client-address.ts";
import { gotoHydrated, waitForContactIsland } from "./hydration.ts";
import { signInOwner } from "./leads-data.ts";

test.use(fromClient("lead-source"));

// Where a lead came from, and spam by the form's clock. Two real posts: the
// contact form allows 10 per address per 10 minutes, shared with contact-form.spec.ts.

test.beforeAll(() => createOwner());

const form = (page: Page) => page.locator("#contact-us form");

async function fillForm(page: Page, email: string, name: string) {
  const f = form(page);
  await f.getByLabel("Email").fill(email);
  await f.getByLabel("First Name").fill(name);
  await f.getByLabel("Last Name").fill("Visitor");
  await f.getByPlaceholder("Leave us a Message").fill(`${name} would like a quote for a new site.`);
}

test("the form records the visit's campaign, and one sent at a bot's speed is kept as spam", async ({
  page,
}) => {
  const tag = `src${Date.now().toString(36)}`;
  // The visit lands on a campaign link, then reads another page before writing.
  await gotoHydrated(page, "/about?utm_source=Newsletter&utm_medium=email&utm_campaign=winter");
  // The form's clock starts as the page is shown, not at the form's first use.
  const token = page.waitForResponse("**/api/leads/contact-token");
  await gotoHydrated(page, "/home#contact-us");
  await waitForContactIsland(page);
  expect((await token).status()).toBe(200);
  // A person's pace: more than three seconds from opening the page to Submit.
  await page.waitForTimeout(3200);
  await fillForm(page, `${tag}.person@shop.example`, `${tag}Person`);
  await form(page).getByRole("button", { name: "Submit" }).click();
  await expect(form(page).getByRole("status")).toHaveText("We'll be in touch shortly!");

  // A bot's pace, a token asked for and sent at once: the same thanks, but it lands in Spam.
  const bot = await page.request.get("/api/leads/contact-token");
  const sent = await page.request.post("/api/leads/contact-us", {
    data: {
      email: `${tag}.bot@shop.example`,
      firstName: `${tag}Bot`,
      lastName: "Visitor",
      message: `${tag}Bot would like a quote for a new site.`,
      formToken: ((await bot.json()) as { token: string }).token,
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(sent.status()).toBe(201);
  expect(await sent.json()).toEqual({ message: "We'll be in touch shortly!" });

  await signInOwner(page);
  await gotoHydrated(page, `/admin/leads?q=${tag}`);
  const leads = page.getByRole("region", { name: /^New Leads/ }).getByRole("article");
  await expect(leads).toHaveCount(1);
  await expect(leads).toHaveAccessibleName(`${tag}Person Visitor`);
  const source = page.locator("[data-lead-details]");
  await expect(source).toContainText("newsletter");
  await expect(source).toContainText("Newsletter · email · winter");
  await expect(source).toContainText("/home");

  // The source filter, from the lead's Source link.
  await source.getByRole("link", { name: /^newsletter/ }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?source=newsletter$/);
  await expect(page.getByRole("button", { name: /Source: newsletter/ })).toBeVisible();

  await gotoHydrated(page, "/admin/spam");
  const kept = page.getByRole("article", { name: `${tag}Bot Visitor` });
  await expect(kept).toContainText("Sent less than 3 seconds after the page was opened");

  // The dashboard counts leads by source, each a link to them.
  await gotoHydrated(page, "/admin");
  const sources = page.getByRole("region", { name: "Where leads come from" });
  await expect(sources.getByRole("link", { name: "newsletter" })).toHaveAttribute(
    "href",
    "/admin/leads?source=newsletter",
  );
});
