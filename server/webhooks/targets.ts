import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import proxyAddr from "proxy-addr";
import { webhookTexts } from "../../domain/webhooks.ts";

/**
 * Where a webhook may be sent (docs/security.md, "Webhooks"): never to this machine, the
 * private network or a cloud's metadata service unless the operator lists the address in
 * WEBHOOK_PRIVATE_TARGETS, checked on save and again before each attempt (DNS can change),
 * against every address the name resolves to. The request then connects to the address that
 * was checked (pinned), so a second answer from DNS cannot swap in a private one.
 */

/**
 * Every range that is not the public internet: loopback, RFC 1918, link-local (with the
 * metadata address 169.254.169.254), unique-local (fd00:ec2::254 too), carrier-grade NAT, "this
 * network", benchmarking, IETF protocol assignments, multicast and reserved, the unspecified
 * address, and the IPv6 prefixes that embed an IPv4 one (NAT64, 6to4) so none reaches a private
 * IPv4 address that way. proxy-addr compares an IPv4-mapped IPv6 address (::ffff:127.0.0.1)
 * as its IPv4 address.
 */
const notPublic = proxyAddr.compile([
  "loopback",
  "linklocal",
  "uniquelocal",
  "0.0.0.0/8",
  "100.64.0.0/10",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4",
  "240.0.0.0/4",
  "::/128",
  "64:ff9b::/96",
  "64:ff9b:1::/48",
  "2001:db8::/32",
  "2002::/16",
  "fec0::/10",
  "ff00::/8",
]);

/** An IPv4-mapped address as its IPv4 form, so it is checked as what it connects to. */
function unmapped(address: string): string {
  const match = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return address;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2] ?? "0", 16);
  const low = Number.parseInt(match[3] ?? "0", 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

export type TargetPolicy = {
  /** WEBHOOK_PRIVATE_TARGETS: addresses and ranges allowed though private. */
  readonly allowed: readonly string[];
  /** How names are resolved (tests may hand in their own answers). */
  readonly resolve?: (host: string) => Promise<readonly string[]>;
};

export type CheckedTarget = {
  url: URL;
  /** The address to connect to: checked, and the only one the request may use. */
  address: string;
  family: 4 | 6;
};

const resolveAll = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The URL and the address it may be sent to, or why not (a sentence for the owner). Only
 * https://, except to a listed private target; never a URL with a user name or password.
 */
export async function checkTarget(
  raw: string,
  policy: TargetPolicy,
): Promise<CheckedTarget | { error: string }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: webhookTexts.badUrl };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { error: webhookTexts.badUrl };
  if (url.username || url.password) return { error: webhookTexts.credentials };
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) return { error: webhookTexts.badUrl };
  let addresses: readonly string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (policy.resolve ?? resolveAll)(host);
    } catch {
      addresses = [];
    }
    if (!addresses.length) return { error: webhookTexts.unresolvable(host) };
  }
  const listed = proxyAddr.compile([...policy.allowed]);
  const isListed = (address: string) =>
    policy.allowed.length > 0 && (listed(address, 0) || listed(unmapped(address), 0));
  const isPrivate = (address: string) => notPublic(address, 0) || notPublic(unmapped(address), 0);
  // Any one private address refuses the name: DNS may answer with either.
  for (const address of addresses)
    if (isPrivate(address) && !isListed(address))
      return { error: webhookTexts.privateTarget(url.hostname) };
  if (url.protocol === "http:" && !addresses.every(isListed))
    return { error: webhookTexts.httpsOnly };
  const address = unmapped(addresses[0] ?? "");
  return { url, address, family: isIP(address) === 6 ? 6 : 4 };
}
