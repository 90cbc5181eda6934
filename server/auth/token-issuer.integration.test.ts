import { describe, expect, it } from "vitest";
import { loadConfig, unsetSiteUrlIssuer } from "../config.ts";
import { testEngines } from "../test-support/databases.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { signedInUser, testSecret } from "../test-support/tokens.ts";

describe("the access token's issuer", () => {
  it("is SITE_URL when set, and one constant whatever the port or host when not", () => {
    expect(loadConfig({ SITE_URL: "https://fineline.studio" }).tokenIssuer).toBe(
      "https://fineline.studio",
    );
    const unset = [
      loadConfig({ PORT: "3001" }),
      loadConfig({ PORT: "3002", HOST: "0.0.0.0" }),
      loadConfig({ PORT: "8080", HOST: "10.0.0.7" }),
    ];
    expect(new Set(unset.map((config) => config.siteUrl)).size).toBe(3);
    for (const config of unset) expect(config.tokenIssuer).toBe(unsetSiteUrlIssuer);
  });
});

describe.each(testEngines)("instances on different ports without SITE_URL, on $name", (engine) => {
  it("accept each other's tokens", async () => {
    const database = await engine.open();
    const env = (port: string) => ({ JWT_SECRET: testSecret, PORT: port });
    const [a, b] = [
      await buildTestApp(database, env("3001")),
      await buildTestApp(database, env("3002")),
    ];
    try {
      const admin = await signedInUser(database.db, "admin");
      const login = await a.inject({
        method: "POST",
        url: "/api/auth/refresh",
        payload: { userID: admin.id, refresh: admin.refreshToken },
      });
      expect(login.statusCode).toBe(200);
      const fromA = login.json().accessToken;
      const onB = await b.inject({
        method: "GET",
        url: "/api/leads/new",
        headers: { "x-access-token": fromA },
      });
      expect(onB.statusCode).toBe(200);
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });
});
