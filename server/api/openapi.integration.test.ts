import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../domain/endpoints.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { requireContracts } from "./contracts.ts";

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
    schemas?: Record<string, object>;
  };
};

describe("the OpenAPI reference", () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let doc: Document;
  beforeAll(async () => {
    app = await buildTestApp();
    const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    doc = res.json();
  });
  afterAll(() => app.close());

  /** "/api/leads/update/:id" as OpenAPI writes it. */
  const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

  it("is compressed, and answers 304 to the ETag it gave", async () => {
    const full = await app.inject({
      method: "GET",
      url: "/api/openapi.json",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(full.headers["content-encoding"]).toBe("br");
    const etag = String(full.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({
      method: "GET",
      url: "/api/openapi.json",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("is OpenAPI 3.1 with the x-access-token security scheme", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.accessToken).toEqual(
      expect.objectContaining({ type: "apiKey", in: "header", name: "x-access-token" }),
    );
  });

  it("names every operation, says which need no token, and keeps only the components in use", () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method} ${path}`,
        operation,
      })),
    );
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/api/leads/update/{id}"]?.post?.operationId).toBe("updateLead");
    for (const { key, operation } of operations)
      expect(operation.security, key).toEqual(expect.any(Array));
    expect(doc.paths["/api/leads/contact-us"]?.post?.security).toEqual([]);
    const text = JSON.stringify(doc.paths);
    for (const name of Object.keys(doc.components.schemas ?? {}))
      expect(
        text.includes(`#/components/schemas/${name}`) ||
          JSON.stringify(doc.components.schemas).includes(`#/components/schemas/${name}"`),
        name,
      ).toBe(true);
    // A plain form post is answered with the form's page again: HTML, documented as such.
    const refused = doc.paths["/api/leads/contact-us"]?.post?.responses["400"]?.content ?? {};
    expect(Object.keys(refused).sort()).toEqual(["application/json", "text/html"]);
  });

  it("lists every endpoint of the contract, and nothing else", () => {
    const listed = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const described = Object.values(endpoints).map(
      (endpoint) => `${endpoint.method} ${openApiPath(endpoint.url)}`,
    );
    expect(listed.sort()).toEqual(described.sort());
  });

  it("describes each one's body, responses and errors, and secures the admin ones", () => {
    for (const endpoint of Object.values(endpoints)) {
      const operation = doc.paths[openApiPath(endpoint.url)]?.[endpoint.method.toLowerCase()];
      const name = `${endpoint.method} ${endpoint.url}`;
      expect(operation?.summary, name).toEqual(expect.any(String));
      expect(operation?.tags?.length, name).toBeGreaterThan(0);
      const statuses = Object.keys(operation?.responses ?? {});
      expect(
        statuses.some((status) => status.startsWith("2")),
        name,
      ).toBe(true);
      for (const status of statuses.filter((s) => /^[45]/.test(s))) {
        const schema = operation?.responses[status]?.content?.["application/json"]?.schema as
          | { properties?: { message?: object }; required?: string[] }
          | undefined;
        expect(schema?.properties?.message, `${name} ${status}`).toEqual({ type: "string" });
        expect(schema?.required, `${name} ${status}`).toContain("message");
      }
      if (endpoint.method === "POST" && endpoint !== endpoints.admin)
        expect(operation?.requestBody, name).toBeDefined();
    }
    for (const admin of [endpoints.newLeads, endpoints.updateLead, endpoints.exportLeads]) {
      const operation = doc.paths[openApiPath(admin.url)]?.[admin.method.toLowerCase()];
      expect(operation?.security).toEqual([{ accessToken: [] }]);
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(["401", "403"]),
      );
    }
  });

  it("names the spec's fields exactly (a lead, and the update body)", () => {
    const update = doc.paths["/api/leads/update/{id}"]?.post;
    const body = update?.requestBody?.content["application/json"]?.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(["ID", "CommStatus", "LeadStatus", "Notes"]),
    );
    const lead = (
      doc as unknown as { components: { schemas: Record<string, { properties: object }> } }
    ).components.schemas.Lead;
    expect(Object.keys(lead?.properties ?? {})).toEqual(
      expect.arrayContaining([
        "ID",
        "FirstName",
        "LastName",
        "Email",
        "Message",
        "ContactedUs",
        "LeadStatus",
        "CommStatus",
        "Notes",
      ]),
    );
  });

  it("accepts the contact form as JSON or as a plain form post", () => {
    const contact = doc.paths["/api/leads/contact-us"]?.post;
    expect(Object.keys(contact?.requestBody?.content ?? {}).sort()).toEqual([
      "application/json",
      "application/x-www-form-urlencoded",
    ]);
  });
});

describe("a route without a contract", () => {
  it("cannot be registered under /api", async () => {
    const app = Fastify();
    requireContracts(app);
    expect(() => app.get("/api/undocumented", async () => ({ secret: "leaks" }))).toThrow(
      /GET \/api\/undocumented has no contract/,
    );
  });

  it("can, outside the API, or when hidden on purpose", async () => {
    const app = Fastify();
    requireContracts(app);
    app.get("/about", async () => "page");
    app.get("/api/docs", { schema: { hide: true } }, async () => "page");
    await expect(app.ready()).resolves.toBeDefined();
  });
});

describe("the reference page /api/docs", () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it("is never indexed and runs no inline script under a strict CSP", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(res.body).toMatch(/<meta name="robots" content="noindex, nofollow">/);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/unsafe-eval|https?:/);
    // Every script is a file from this server.
    for (const match of res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(match[1]).toMatch(/src="\/api\/docs\/assets\//);
      expect(match[2]?.trim()).toBe("");
    }
  });

  it("fetches the document while the reference's script loads, not after it", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs" });
    expect(res.body).toContain(
      '<link rel="preload" href="/api/openapi.json" as="fetch" crossorigin>',
    );
  });

  it("serves its files from here, hashed, compressed and immutable", async () => {
    const page = await app.inject({ method: "GET", url: "/api/docs" });
    const files = [...page.body.matchAll(/(?:src|href)="(\/api\/docs\/assets\/[^"]+)"/g)].map(
      (m) => m[1] ?? "",
    );
    expect(files.length).toBe(4);
    for (const file of files) {
      const res = await app.inject({
        method: "GET",
        url: file,
        headers: { "accept-encoding": "br, gzip" },
      });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["content-encoding"]).toBe("br");
    }
    const bundle = files.find((file) => file.includes("swagger-ui-bundle"));
    const plain = await app.inject({ method: "GET", url: bundle ?? "" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(500_000);
    expect((await app.inject({ method: "GET", url: "/api/docs/assets/nope.js" })).statusCode).toBe(
      404,
    );
  });
});
