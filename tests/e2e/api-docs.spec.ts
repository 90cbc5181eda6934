import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";

test("the API reference renders every endpoint under its strict CSP, with nothing from elsewhere", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).hostname !== "127.0.0.1") elsewhere.push(request.url());
  });

  const response = await page.goto("/api/docs");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  // Swagger UI parses a 1.7 MB bundle and renders every operation: 1.5 s on an idle machine,
  // over 5 s on two cores shared with a second browser and the server. The first operation
  // gets that long; the rest are rendered with it.
  await expect(page.getByText("Send a contact request", { exact: true }).first()).toBeVisible({
    timeout: 20_000,
  });
  for (const summary of ["Log in", "Update a lead", "New Leads"])
    await expect(page.getByText(summary, { exact: true }).first()).toBeVisible();
  // An operation opens with its responses, the conflict among them.
  await page.getByText("Update a lead", { exact: true }).first().click();
  await expect(page.getByText(/Changed since UpdatedAt: nothing written/).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
  // One main landmark: Swagger UI's own, not a second one inside ours.
  await expect(page.locator("main")).toHaveCount(1);
});

test("the API reference has no serious accessibility problems in its own frame", async ({
  page,
}) => {
  // Two axe runs over a large page: 18 s on an idle machine, over 90 s once on a loaded CI
  // runner. The second looks at the opened operation alone, the only part that changed.
  test.setTimeout(180_000);
  await page.goto("/api/docs");
  await expect(page.getByText("Update a lead", { exact: true }).first()).toBeVisible({
    timeout: 20_000, // the first render, as above
  });
  expect(await seriousViolations(page)).toEqual([]);
  // With an operation open: parameters, body and responses.
  await page.getByText("Update a lead", { exact: true }).first().click();
  await expect(page.getByText(/Changed since UpdatedAt: nothing written/).first()).toBeVisible();
  expect(await seriousViolations(page, ".opblock.is-open")).toEqual([]);
});
