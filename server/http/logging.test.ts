import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "./logging.ts";

/** A real Fastify with the site's logger options, its lines kept for the test to read. */
async function loggedApp() {
  const lines: string[] = [];
  const options = loggerOptions("info");
  if (!options) throw new Error("info logs");
  const app = Fastify({
    logger: { ...options, stream: { write: (line: string) => void lines.push(line) } },
    trustProxy: true,
  });
  app.get("/api/booking/:token", async () => ({ ok: true }));
  app.get("/*", async () => "page");
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: "Not found." }));
  await app.ready();
  return { app, lines };
}

describe("what a request's log lines say", () => {
  it("method, route pattern, status and time: never the address, the path or its query", async () => {
    const { app, lines } = await loggedApp();
    await app.inject({
      method: "GET",
      url: "/api/booking/abcDEF_123-x?from=Jane+Secretperson",
      remoteAddress: "198.51.100.77",
    });
    await app.inject({
      method: "GET",
      url: "/about?utm_source=newsletter",
      headers: { "x-forwarded-for": "2001:db8::77" },
    });
    await app.inject({ method: "POST", url: "/nowhere?q=Jane", remoteAddress: "198.51.100.77" });
    await app.close();
    const text = lines.join("");
    for (const secret of ["198.51.100.77", "2001:db8::77", "abcDEF_123-x", "Secretperson"])
      expect(text).not.toContain(secret);
    for (const path of ["/about", "/nowhere", "utm_source", "q=Jane"])
      expect(text).not.toContain(path);
    const parsed = lines.map((line) => JSON.parse(line));
    expect(parsed.filter((l) => l.msg === "incoming request").map((l) => l.req)).toEqual([
      { method: "GET", route: "/api/booking/:token" },
      { method: "GET", route: "/*" },
      { method: "POST", route: "(no route)" },
    ]);
    const completed = parsed.filter((l) => l.msg === "request completed");
    expect(completed.map((l) => l.res)).toEqual([
      { statusCode: 200, method: "GET", route: "/api/booking/:token" },
      { statusCode: 200, method: "GET", route: "/*" },
      { statusCode: 404, method: "POST", route: "(no route)" },
    ]);
    for (const line of completed) expect(line.responseTime).toEqual(expect.any(Number));
  });
});
