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
