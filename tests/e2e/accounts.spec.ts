import { expect, type Page, test } from "@playwright/test";
import {
  apiLogin,
  createOwner,
  ensureMember,
  member,
  owner,
  readStoredSession,
  storeSession,
} from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydration.ts";

// Logins from this file: about ten real ones, well under the server's 20 per 10 minutes.
// The 406 and 429 displays are simulated in the browser; the server side of both is tested in the API suite.

test.beforeAll(async ({ playwright }, workerInfo) => {
  createOwner();
  const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
  await ensureMember(request);
  await request.dispose();
});

const login = async (page: Page, who: { email: string; password: string }) => {
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Log In" }).click();
};

test.describe("guards", () => {
  for (const path of ["/admin", "/admin/leads"]) {
    test(`${path} sends a visitor with no session to /login?forward=${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?forward=${path}`);
      await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    });
  }

  test("logging in from the guard lands on the page that was asked for", async ({ page }) => {
    await page.goto("/admin/leads");
    await expect(page).toHaveURL("/login?forward=/admin/leads");
    await login(page, owner);
    await expect(page).toHaveURL("/admin/leads");
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    const stored = await readStoredSession(page);
    expect(stored).toMatchObject({ email: owner.email, accessToken: expect.stringMatching(/^ey/) });
    expect(stored?.refreshToken).toEqual(expect.any(String));
  });

  test("a non-admin is sent to /access-denied, which explains and offers logout", async ({
    page,
    request,
  }) => {
    await storeSession(page, await apiLogin(request, member));
    await page.goto("/admin");
    await expect(page).toHaveURL("/access-denied");
    await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    await expect(page.getByText(member.email)).toBeVisible();
    await page.getByRole("link", { name: "Log out" }).click();
    await expect(page).toHaveURL("/logout");
    expect(await readStoredSession(page)).toBeNull();
  });

  test("a bad access token is refreshed in place: the page opens, both tokens are replaced", async ({
    page,
    request,
  }) => {
    const session = await apiLogin(request, owner);
    await storeSession(page, { ...session, accessToken: "expired-or-garbage" });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back." })).toBeVisible();
    await expect(page).toHaveURL("/admin");
    const stored = await readStoredSession(page);
    expect(stored?.accessToken).toMatch(/^ey/);
    expect(stored?.refreshToken).not.toBe(session.refreshToken);
    expect(stored?.id).toBe(session.id);
    // The stored refresh token is the live one: it rotates again.
    const next = await request.post("/api/auth/refresh", {
      data: { userID: session.id, refresh: stored?.refreshToken },
    });
    expect(next.status()).toBe(200);
    expect((await next.json()).refreshToken).toEqual(expect.any(String));
  });

  test("with both tokens bad the session is cleared and the guard goes to login", async ({
    page,
  }) => {
    await storeSession(page, {
      id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
      email: owner.email,
      accessToken: "bad",
      refreshToken: "also-bad",
    });
    await page.goto("/admin/leads");
    await expect(page).toHaveURL("/login?forward=/admin/leads");
    expect(await readStoredSession(page)).toBeNull();
  });

  test("moving between admin pages keeps the session and checks it again", async ({
    page,
    request,
  }) => {
    await storeSession(page, await apiLogin(request, owner));
    await gotoHydrated(page, "/admin");
    const checks: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/auth/")) checks.push(new URL(r.url()).pathname);
    });
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Leads" })
      .click();
    await expect(page).toHaveURL("/admin/leads");
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    expect(checks).toEqual(expect.arrayContaining(["/api/auth/verify-login", "/api/auth/admin"]));
  });
});

test.describe("login", () => {
  test("has Email, Password, Log In and a Sign Up button to /signup; noindex", async ({ page }) => {
    await gotoHydrated(page, "/login");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByLabel("Email")).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL("/signup");
  });

  test("goes to /home by default and stores the whole login response", async ({ page }) => {
    // Login is followed at once by a document load of /home, after which a
    // response's body can no longer be read; routing the call lets the test
    // keep the body before the page moves on.
    let body: unknown;
    await page.route("**/api/auth/login", async (route) => {
      const response = await route.fetch();
      body = await response.json();
      await route.fulfill({ response });
    });
    await gotoHydrated(page, "/login");
    await login(page, owner);
    await expect(page).toHaveURL("/home");
    expect(await readStoredSession(page)).toEqual(body);
  });

  /**
   * Every way found to leave the site through `forward`, including the values that only do
   * once normalised ("/.//evil.example" → "//evil.example"), which the security review found.
   */
  const hostileForwards = [
    "https://evil.example/admin",
    "//evil.example",
    "/\\evil.example",
    "/.//evil.example",
    "/%2e//evil.example",
    "/admin/..//evil.example",
    "/\t/evil.example",
    "/%2F%2Fevil.example",
    "/%5C%5Cevil.example",
    "javascript:alert(1)",
  ];
  /** Fails the test if the page ever asks for anything but this site. */
  const stayOnSite = (page: Page) => {
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).hostname !== "127.0.0.1") elsewhere.push(request.url());
    });
    page.on("framenavigated", (frame) => {
      const { protocol, hostname } = new URL(frame.url());
      if (protocol !== "about:" && hostname !== "127.0.0.1") elsewhere.push(frame.url());
    });
    return elsewhere;
  };

  for (const hostile of hostileForwards) {
    test(`a stored session never follows a hostile forward (${JSON.stringify(hostile)})`, async ({
      page,
    }) => {
      // Any stored session, even an expired one, sends the visitor on at once.
      await storeSession(page, { id: "u", accessToken: "expired", refreshToken: "old" });
      const elsewhere = stayOnSite(page);
      await page.goto(`/login?forward=${encodeURIComponent(hostile)}`);
      await page.waitForURL((url) => url.pathname !== "/login");
      await page.waitForLoadState("networkidle");
      expect(new URL(page.url()).hostname).toBe("127.0.0.1");
      expect(elsewhere).toEqual([]);
    });
  }

  test("a form login never follows a hostile forward either", async ({ page }) => {
    // The server's answer is simulated, with only the fixed fields (docs/product.md, "Login")
    // and one more (which must be stored too: the whole response is the session): every
    // variant, no real logins spent.
    test.setTimeout(90_000); // six logins and reloads
    const body = { id: "u", accessToken: "a", refreshToken: "r", note: "kept" };
    await page.route("**/api/auth/login", (route) => route.fulfill({ json: body }));
    const elsewhere = stayOnSite(page);
    for (const hostile of hostileForwards.slice(1, 7)) {
      await page.evaluate(() => localStorage.clear()).catch(() => undefined);
      await gotoHydrated(page, `/login?forward=${encodeURIComponent(hostile)}`);
      await login(page, member);
      await expect(page, hostile).toHaveURL("/home");
      expect(await readStoredSession(page)).toEqual(body);
      // A reload lands on this site too.
      await page.reload();
      await expect(page, hostile).toHaveURL("/home");
    }
    expect(elsewhere).toEqual([]);
  });

  test("a hostile forward is ignored after a real login too", async ({ page }) => {
    await gotoHydrated(page, `/login?forward=${encodeURIComponent("/.//evil.example")}`);
    await login(page, member);
    await expect(page).toHaveURL("/home");
  });

  test("an already logged-in user is sent on at once", async ({ page, request }) => {
    await storeSession(page, await apiLogin(request, owner));
    await page.goto("/login?forward=/admin");
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back." })).toBeVisible();
  });

  test("a wrong password shows “Incorrect Username or Password!”", async ({ page }) => {
    await gotoHydrated(page, "/login");
    await login(page, { email: owner.email, password: "not the password" });
    await expect(page.getByRole("alert")).toHaveText("Incorrect Username or Password!");
    await expect(page).toHaveURL("/login");
    expect(await readStoredSession(page)).toBeNull();
  });

  test('a 406 shows the body\'s message (docs/product.md, "Login")', async ({ page }) => {
    const message = "This account is not allowed to log in right now.";
    await page.route("**/api/auth/login", (route) =>
      route.fulfill({ status: 406, contentType: "application/json", json: { message } }),
    );
    await gotoHydrated(page, "/login");
    await login(page, owner);
    await expect(page.getByRole("alert")).toHaveText(message);
  });

  test("a 429 shows its message", async ({ page }) => {
    const message = "Too many requests. Please try again in 10 minute(s).";
    await page.route("**/api/auth/login", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", json: { message } }),
    );
    await gotoHydrated(page, "/login");
    await login(page, owner);
    await expect(page.getByRole("alert")).toHaveText(message);
  });

  test("any other failure shows the fixed text, not the body", async ({ page }) => {
    await page.route("**/api/auth/login", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", json: { message: "db down" } }),
    );
    await gotoHydrated(page, "/login");
    await login(page, owner);
    await expect(page.getByRole("alert")).toHaveText("Incorrect Username or Password!");
  });
});

test.describe("logout", () => {
  test("revokes the session on the server, clears it here, confirms, and offers links", async ({
    page,
    request,
  }) => {
    const session = await apiLogin(request, owner);
    await storeSession(page, session);
    await page.goto("/logout");
    await expect(page.getByRole("heading", { level: 1, name: "You're logged out" })).toBeVisible();
    expect(await readStoredSession(page)).toBeNull();
    const refresh = await request.post("/api/auth/refresh", {
      data: { userID: session.id, refresh: session.refreshToken },
    });
    expect(refresh.status()).toBe(401);
    await expect(page.getByRole("link", { name: "Back to the homepage" })).toHaveAttribute(
      "href",
      "/",
    );
    await page.getByRole("link", { name: "Log in again" }).click();
    await expect(page).toHaveURL("/login");
  });
});

test.describe("sign-up", () => {
  test("checks fields before sending, shows the server's message, and signs in on success", async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/auth/signup")) posts.push(r.method());
    });
    await gotoHydrated(page, "/signup");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address.");
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("alert")).toHaveText("Passwords are 8 to 60 characters.");
    expect(posts).toEqual([]);

    // The member exists already: the server's 409 message is shown.
    await page.getByLabel("Password").fill("a perfectly fine password");
    await page.getByLabel("First Name").fill("Sam");
    await page.getByLabel("Last Name").fill("Reyes");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "An account with this email already exists. Try logging in.",
    );

    const email = `new.${Date.now()}@e2e.fineline.studio`;
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("status")).toContainText("Welcome, Sam.");
    expect(await readStoredSession(page)).toMatchObject({ email, firstName: "Sam" });
  });
});

test("the account and admin screens pass axe at 390 and 1440 px, signed in and in error states", async ({
  page,
  request,
}) => {
  // Ten axe runs on a 2-core machine: more than the default 30 s.
  test.slow();
  const admin = await apiLogin(request, owner);
  const other = await apiLogin(request, member);
  const screens: Array<{
    path: string;
    session: object | null;
    heading: string;
    act?: () => Promise<void>;
  }> = [
    { path: "/admin", session: admin, heading: "Welcome back." },
    { path: "/admin/leads", session: admin, heading: "Leads" },
    { path: "/access-denied", session: other, heading: "Access denied" },
    {
      path: "/login",
      session: null,
      heading: "Log in",
      act: async () => {
        await page.route("**/api/auth/login", (route) =>
          route.fulfill({ status: 401, json: { message: "no" } }),
        );
        await page.getByRole("button", { name: "Log In" }).click();
        await expect(page.getByRole("alert")).toBeVisible();
      },
    },
    {
      path: "/signup",
      session: null,
      heading: "Sign up",
      act: async () => {
        await page.getByRole("button", { name: "Sign Up" }).click();
        await expect(page.getByRole("alert")).toBeVisible();
      },
    },
  ];
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const screen of screens) {
      if (screen.session) await storeSession(page, screen.session);
      else await page.evaluate(() => localStorage.removeItem("user"));
      await gotoHydrated(page, screen.path);
      await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
      await screen.act?.();
      expect(await seriousViolations(page), `${screen.path} at ${width}`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      expect(overflow, `${screen.path} at ${width}`).toBeLessThanOrEqual(0);
    }
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/access-denied still says where the visitor is, why, and the way out", async ({ page }) => {
    await page.goto("/access-denied");
    await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    await expect(page.getByText("This account doesn't have admin access.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Log out" })).toBeVisible();
  });
});
