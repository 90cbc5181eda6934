import { describe, expect, it } from "vitest";
import { isPrivateAddress, trustProxyOption } from "./proxy-trust.ts";

describe("isPrivateAddress", () => {
  it("knows the addresses a proxy in front of us can have", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.9",
      "192.168.1.1",
      "169.254.1.1",
      "100.64.0.1",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ["203.0.113.5", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2001:db8::1"])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe("trustProxyOption", () => {
  it("trusts a hop count only from a private address for the first hop", () => {
    const trust = trustProxyOption(1);
    if (typeof trust !== "function") throw new Error("expected a function");
    expect(trust("10.0.0.1", 0)).toBe(true);
    expect(trust("203.0.113.5", 0)).toBe(false);
    expect(trust("10.0.0.1", 1)).toBe(false);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(["10.0.0.0/8", "loopback"])).toEqual(["10.0.0.0/8", "loopback"]);
  });
});
