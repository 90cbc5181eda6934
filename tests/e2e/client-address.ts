/**
 * The test server trusts its loopback proxy (playwright.config.ts), so a spec can come from a
 * client address of its own: each spec that sends the contact form for real has its own share
 * of the per-address limit (ten per ten minutes), as separate visitors would.
 * `test.use(fromClient("contact-form"))` at the top of the spec.
 */
const addresses = {
  "contact-form": "198.51.100.11",
  "lead-source": "198.51.100.12",
  "landing-pages": "198.51.100.13",
  bundles: "198.51.100.14",
  booking: "198.51.100.15",
  "booking-page": "198.51.100.16",
  events: "198.51.100.17",
  "form-clock": "198.51.100.18",
} as const;

export const fromClient = (spec: keyof typeof addresses) => ({
  extraHTTPHeaders: { "X-Forwarded-For": addresses[spec] },
});
