import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydration.ts";
import { publicRoutes } from "./public-routes.ts";

type ManifestRoute = { id: string; module: string; imports?: string[] };

test("public pages never load admin or session code", async ({ page }) => {
  const scripts = new Set<string>();
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.add(new URL(r.url()).pathname);
  });
  for (const { path } of publicRoutes.slice(0, 6)) await gotoHydrated(page, path);

  const routes = await page.evaluate(
    () =>
      (window as unknown as { __reactRouterManifest: { routes: Record<string, ManifestRoute> } })
        .__reactRouterManifest.routes,
  );
  const filesOf = (route: ManifestRoute) => [route.module, ...(route.imports ?? [])];
  const privateIds = (id: string) =>
    id.startsWith("routes/admin/") ||
    ["routes/login", "routes/signup", "routes/logout", "routes/access-denied"].includes(id);
  const publicFiles = new Set(
    Object.values(routes)
      .filter((r) => !privateIds(r.id))
      .flatMap(filesOf),
  );
  // Files only the private screens use: the admin layout, guard, session storage, api helper.
  const privateOnly = Object.values(routes)
    .filter((r) => privateIds(r.id))
    .flatMap(filesOf)
    .filter((file) => !publicFiles.has(file));
  expect(privateOnly.length).toBeGreaterThan(3);
  expect(privateOnly.some((file) => file.includes("admin-guard"))).toBe(true);
  expect([...scripts].filter((file) => privateOnly.includes(file))).toEqual([]);
});
