import { limits } from "./limits.ts";

/**
 * A standard address pattern: one @; a local part of dot-separated atoms; a dotted domain
 * whose labels are letters, digits and inner hyphens, ending in a label that starts with a
 * letter. The atoms are RFC 5322's characters without `%`, `&`, `=` and `?`: legal in theory,
 * unused in practice, and exactly what it takes to smuggle a query (`?bcc=…`) or an encoded
 * second address (`%40`) into a `mailto:` link. The length limit is the fixed 320
 * (docs/product.md, "Limits and constants").
 */
const atom = "[A-Za-z0-9!#$'*+/^_`{|}~-]+";
const label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const topLabel = "[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const emailPattern = new RegExp(`^${atom}(?:\\.${atom})*@(?:${label}\\.)+${topLabel}$`);

export function isValidEmail(email: string): boolean {
  return email.length > 0 && email.length <= limits.email && emailPattern.test(email);
}

/**
 * A `mailto:` link for an address, percent-encoded on both sides of the @ (RFC 6068), so
 * nothing in an address can add headers or recipients to the message it opens.
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 0) return `mailto:${encodeURIComponent(address)}`;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}
