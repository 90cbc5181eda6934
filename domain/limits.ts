/** Spec section 9, and the bounds the spec leaves open. */
export const limits = Object.freeze({
  email: 320,
  password: 60,
  username: 50,
  // Not in the spec: generous bounds so a request cannot store megabytes.
  name: 100,
  message: 5000,
  notes: 10_000,
});
