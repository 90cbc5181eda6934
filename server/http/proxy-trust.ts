import proxyAddr from "proxy-addr";
import type { Config } from "../config.ts";

/**
 * Addresses a proxy in front of us can have: loopback, link-local, the private ranges
 * (RFC 1918 and fc00::/7) and carrier-grade NAT (100.64.0.0/10). IPv4-mapped IPv6 addresses
 * count as their IPv4 address.
 */
const privateRanges = proxyAddr.compile(["loopback", "linklocal", "uniquelocal", "100.64.0.0/10"]);

export const isPrivateAddress = (address: string) => privateRanges(address, 0);

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many proxies in front, but only
 * when the connection itself comes from a private or loopback address: a client on the
 * internet talking to the server directly cannot claim another address with X-Forwarded-For.
 * (Fastify's own number option trusts nothing, for that reason.) Addresses and ranges are
 * Fastify's (proxy-addr's) own form.
 */
export function trustProxyOption(setting: Config["trustProxy"]) {
  if (setting === false) return false;
  if (typeof setting === "number")
    return (address: string, hop: number) =>
      hop < setting && (hop > 0 || isPrivateAddress(address));
  return [...setting];
}
