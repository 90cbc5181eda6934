import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";

/**
 * Importing leads from CSV in the browser (docs/integrations.md, "Importing leads"): the
 * owner checks a file, imports it and undoes it, at a desk and on a phone, with the dialog's
 * outcomes announced and nothing wider than the screen.
 */
test.describe.configure({ mode: "serial" });

let server: PrivateServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startPrivateServer(test.info().workerIndex);
});
test.afterAll(async () => server?.stop());

const csv = (tag: string) =>
  Buffer.from(
    `Email,First Name,Last Name,Lifecycle Stage\r\n${tag}-1@bakery.example,Rosa,Diaz,lead\r\nnot-an-address,Mei,Chen,lead\r\n${tag}-2@bakery.example,Jamal,Reed,customer\r\n`,
  );

async function importAndUndo(page: Page, width: number, tag: string) {
  await page.setViewportSize({ width, height: 900 });
  await server.signIn(page);
  await page.goto(`${server.origin}/admin/leads`);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import leads" });
  await dialog.getByLabel("CSV file").setInputFiles({
    name: `${tag}.csv`,
    mimeType: "text/csv",
    buffer: csv(tag),
  });
  await dialog.getByRole("button", { name: "Check the file" }).click();
  await expect(dialog.getByText("This file has 2 new leads")).toBeVisible();
  await expect(dialog.getByText("Lifecycle Stage")).toBeVisible();
  await dialog.getByText("Invalid rows (1)").click();
  await expect(
    dialog.getByText("Line 3: The e-mail address is missing or not valid."),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );

  await dialog.getByRole("button", { name: "Import 2 leads" }).click();
  await expect(dialog.getByText("Imported: 2 new leads")).toBeVisible();
  await dialog.getByRole("button", { name: "Undo import" }).click();
  await expect(dialog.getByText("Import undone: 2 leads removed")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Import", exact: true })).toBeFocused();
}

test("the owner checks, imports and undoes a CSV file at a desk", async ({ page }) => {
  await importAndUndo(page, 1440, "desk");
});

test("the same on a phone", async ({ page }) => {
  await importAndUndo(page, 390, "phone");
});
