import { describe, expect, it } from "vitest";
import { testEngines } from "../test-support/databases.ts";
import { buildTestApp } from "../test-support/test-app.ts";

describe.each(testEngines)("GET /readyz on $name", (engine) => {
  it("is 200 while the database answers and 503, without details, once it does not", async () => {
    const database = await engine.open();
    const app = await buildTestApp(database);
    try {
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "ready" });
      expect(ready.headers["cache-control"]).toBe("no-store");

      await database.close(); // the database goes away under a running instance
      const down = await app.inject({ method: "GET", url: "/readyz" });
      expect(down.statusCode).toBe(503);
      // Nothing an outsider could use: no engine, host, error text.
      expect(down.json()).toEqual({ status: "unavailable", message: "Not ready to serve." });
      expect(down.headers["cache-control"]).toBe("no-store");

      // Liveness is another question: the process is still alive.
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
