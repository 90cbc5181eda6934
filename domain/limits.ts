/** The fixed limits (docs/product.md, "Limits and constants"), and bounds of our own. */
export const limits = Object.freeze({
  email: 320,
  password: 60,
  username: 50,
  // Ours, not fixed: generous bounds so a request cannot store megabytes.
  name: 100,
  message: 5000,
  notes: 10_000,
});
