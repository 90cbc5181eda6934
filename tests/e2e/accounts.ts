import { execFileSync } from "node:child_process";
import type { APIRequestContext, Page } from "@playwright/test";

/**
 * Accounts for the browser tests. The server limits logins (20) and sign-ups (5) per address
 * per 10 minutes, and every test runs from 127.0.0.1, so sessions are made sparingly: the
 * admin by the create-admin command, the member by one sign-up shared by the whole run.
 */
export const owner = { email: "owner@e2e.fineline.studio", password: "the owner's e2e password" };
export const member = {
  email: "member@e2e.fineline.studio",
  password: "the member's e2e password",
};

export type Session = { id: string; accessToken: string; refreshToken: string; email: string };

/** Creates (or promotes) the admin through the real command, against the server's data. */
export function createOwner() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set; run the tests with playwright.config.ts");
  execFileSync(
    process.execPath,
    [
      "server/cli/create-admin.ts",
      "--email",
      owner.email,
      "--password",
      owner.password,
      "--first-name",
      "Nora",
    ],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" }, stdio: "pipe" },
  );
}

/** Signs the member up once per run; a second worker finds the account already there. */
export async function ensureMember(request: APIRequestContext) {
  const res = await request.post("/api/auth/signup", {
    data: { email: member.email, password: member.password, first_name: "Sam", last_name: "Reyes" },
  });
  if (res.status() !== 201 && res.status() !== 409)
    throw new Error(`member sign-up failed: ${res.status()} ${await res.text()}`);
}

export async function apiLogin(
  request: APIRequestContext,
  who: { email: string; password: string },
) {
  const res = await request.post("/api/auth/login", {
    data: { username: who.email, password: who.password },
  });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Session;
}

/** Puts a session in localStorage "user", as a login on this device would have. */
export async function storeSession(page: Page, session: object, origin = "") {
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate((value) => localStorage.setItem("user", JSON.stringify(value)), session);
}

export const readStoredSession = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "null") as Session | null);

/** The path and query the page is on (the login's forward value is part of it). */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
