import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

/**
 * A contact-form post as `app.inject` takes it: the n-th lead of a test, its e-mail made
 * unique by the test's tag so no two are taken for a repeated request. `fields` overrides or
 * adds fields (a surname to look for in logs, the honeypot).
 */
export const contactPost = (tag: string, n: number, fields: Record<string, string> = {}) => ({
  method: "POST" as const,
  url: "/api/leads/contact-us",
  headers: { "content-type": "application/json" },
  payload: {
    email: `${tag}-${n}@example.com`,
    firstName: "Ada",
    lastName: "Lovelace",
    message: `Hello ${n}`,
    ...fields,
  },
});

type Injects = Pick<FastifyInstance, "inject">;

/**
 * Two instances count the contact form's limit (ten per address per window) together: ten
 * posts alternating between them are taken, then the next is refused on both.
 */
export async function expectOneContactLimitAcross(a: Injects, b: Injects, tag: string) {
  const statuses: number[] = [];
  for (let n = 0; n < 10; n++)
    statuses.push((await (n % 2 ? a : b).inject(contactPost(tag, n))).statusCode);
  expect(statuses).toEqual(Array(10).fill(201));
  expect((await a.inject(contactPost(tag, 10))).statusCode).toBe(429);
  expect((await b.inject(contactPost(tag, 11))).statusCode).toBe(429);
}
