import { type APIRequestContext, expect, type Page, type Response } from "@playwright/test";
import type { Session } from "./accounts.ts";

/**
 * The owner's moves in the content studio, for the specs that follow an entry from draft to
 * the live site (content-owner-path, content-clock, content-durability). What is set up
 * through the API is only what the test is not about; the move under test is made on screen.
 */

/** A journal post's fields, as the studio sends them (domain/content-schema.ts). */
export const postFields = (slug: string, title: string, body: string) => ({
  type: "post",
  slug,
  title,
  description: "A post the end-to-end tests write, publish and change in the content studio.",
  date: "2026-11-27",
  author: "Maya Okafor",
  section: "building",
  tags: ["publishing"],
  body,
});

export type Draft = { id: string; slug: string; version: number };

/** A draft made through the API as the signed-in owner (POST /api/content). */
export async function createDraft(
  page: Page,
  origin: string,
  session: Session,
  fields: Record<string, unknown>,
): Promise<Draft> {
  const response = await page.request.post(`${origin}/api/content`, {
    headers: { "x-access-token": session.accessToken },
    data: fields,
  });
  if (response.status() !== 201)
    throw new Error(`creating a draft failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).entry as Draft;
}

/** The entry's working copy, as the server holds it now. */
export async function readEntry(page: Page, origin: string, session: Session, id: string) {
  const response = await page.request.get(`${origin}/api/content/${id}`, {
    headers: { "x-access-token": session.accessToken },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).entry as Draft & { body: string };
}

/** Opens the entry in the studio's editor and waits for its text. */
export async function openEditor(page: Page, origin: string, id: string) {
  await page.goto(`${origin}/admin/content/${id}`);
  await expect(page.locator(".cm-content")).toBeVisible();
}

const isSave = (response: Response) =>
  response.request().method() === "PUT" && /\/api\/content\/[0-9a-f-]{36}$/.test(response.url());

/** Types at the end of the body and waits until autosave has the server holding it. */
export async function typeAndSave(page: Page, text: string, { replace = false } = {}) {
  const body = page.locator(".cm-content");
  await body.click();
  await page.keyboard.press(replace ? "ControlOrMeta+A" : "ControlOrMeta+End");
  const save = page.waitForResponse(isSave);
  await page.keyboard.type(text);
  expect((await save).status()).toBe(200);
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
}

/** Publish now, and the studio says where it is live: true once the page is served. */
export async function publishNow(page: Page, path: string) {
  await page.getByRole("button", { name: "Publish now" }).click();
  const publishing = page.getByRole("region", { name: "Publishing" });
  await expect(publishing.getByText("Live at")).toBeVisible();
  await expect(publishing.getByRole("link", { name: path, exact: true })).toBeVisible();
}

/** A public page's status and text, as a visitor (no session, no redirects followed). */
export async function visit(page: Page | APIRequestContext, url: string) {
  const request = "request" in page ? page.request : page;
  const response = await request.get(url, { maxRedirects: 0 });
  return { status: response.status(), headers: response.headers(), text: await response.text() };
}
