import { describe, expect, it } from "vitest";
import { conversationLimits } from "../../domain/conversation.ts";
import { mailboxTexts } from "../../domain/mailbox.ts";
import { automaticMail, personalMail } from "../test-support/automatic-mail.ts";
import { rawMail } from "../test-support/raw-mail.ts";
import { headerSummary } from "./header-summary.ts";
import { nestsDeeperThan } from "./html-text.ts";
import { capped, readIncomingMail } from "./incoming-mail.ts";
import { unreadableReason } from "./unreadable-mail.ts";

const read = (raw: string) => readIncomingMail(Buffer.from(raw), { fallbackId: "<uid-1-1@test>" });

describe("reading a message", () => {
  it("cuts a 415 KB body of two-byte characters in one pass, on a whole character", async () => {
    const body = "é".repeat(212_500);
    const began = performance.now();
    const mail = await read(rawMail({ from: "rosa@bakery.example", body }));
    const took = performance.now() - began;
    expect(took).toBeLessThan(250);
    const [kept = "", note] = mail.text.split("\n\n");
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(conversationLimits.incomingBytes);
    expect(Buffer.byteLength(kept)).toBeGreaterThan(conversationLimits.incomingBytes - 2);
    expect(kept).toMatch(/^é+$/);
    expect(note).toBe(
      "[The rest of this message (416 KB in all) was cut. Read it in your mailbox.]",
    );
  });

  it("cuts on a character whatever its width, and keeps a short text as it is", () => {
    for (const character of ["a", "é", "€", "😀"]) {
      const [kept = ""] = capped(character.repeat(120_000)).split("\n\n");
      expect(kept.length % character.length).toBe(0);
      expect([...kept].every((c) => c === character)).toBe(true);
      expect(Buffer.byteLength(kept)).toBeGreaterThan(conversationLimits.incomingBytes - 4);
    }
    expect(capped("Hello")).toBe("Hello");
  });

  it.each(automaticMail)("takes $name as a program's mail, never a reply", async (variant) => {
    const mail = await read(
      rawMail({ from: variant.from ?? "ana@cafe.example", headers: variant.headers }),
    );
    expect(mail.automatic).toBe(true);
  });

  it.each(personalMail)("takes mail with $name as a person's", async (variant) => {
    const mail = await read(rawMail({ from: "ana@cafe.example", headers: variant.headers }));
    expect(mail.automatic).toBe(false);
  });

  it("reads the sender checks its mail server failed, from every Authentication-Results", async () => {
    const mail = await read(
      rawMail({
        from: "rosa@bakery.example",
        headers: [
          "Authentication-Results: mx.fineline.studio;",
          "  spf=fail (sender IP is 203.0.113.9) smtp.mailfrom=bakery.example;",
          "  dkim=none; dmarc=fail (p=NONE) header.from=bakery.example",
          "Authentication-Results: forged.example; dmarc=pass; dkim=fail header.d=bakery.example",
        ],
      }),
    );
    expect(mail.failedSenderChecks).toEqual(["dkim=fail", "dmarc=fail", "spf=fail"]);
    const passed = await read(
      rawMail({
        from: "rosa@bakery.example",
        headers: [
          "Authentication-Results: mx.example; spf=pass; dkim=pass (dkim=fail once); dmarc=pass",
        ],
      }),
    );
    expect(passed.failedSenderChecks).toEqual([]);
  });

  it("refuses HTML nested 3,000 deep and a message of 1,100 MIME parts, with why", async () => {
    const deep = rawMail({
      from: "rosa@bakery.example",
      contentType: "text/html; charset=utf-8",
      body: `${"<b>".repeat(3000)}hi${"</b>".repeat(3000)}`,
    });
    expect(unreadableReason(await read(deep).catch((error) => error))).toBe(mailboxTexts.tooDeep);
    const parts = rawMail({
      from: "rosa@bakery.example",
      contentType: 'multipart/mixed; boundary="b"',
      body: `${"--b\r\nContent-Type: text/plain\r\n\r\nx\r\n".repeat(1100)}--b--`,
    });
    expect(unreadableReason(await read(parts).catch((error) => error))).toBe(
      mailboxTexts.tooManyParts,
    );
    // Deep, but not too deep: read as text.
    const nested = await read(
      rawMail({
        from: "rosa@bakery.example",
        contentType: "text/html; charset=utf-8",
        body: `${"<div>".repeat(900)}Tuesday works${"</div>".repeat(900)}`,
      }),
    );
    expect(nested.text).toBe("Tuesday works");
  });

  it("measures nesting in one pass, whatever the markup", () => {
    expect(nestsDeeperThan(`${"<li>".repeat(5000)}<br><img src=x>`, 10)).toBe(false);
    expect(nestsDeeperThan(`${"<div></div>".repeat(5000)}`, 10)).toBe(false);
    expect(nestsDeeperThan(`${"<span>".repeat(11)}`, 10)).toBe(true);
    expect(nestsDeeperThan(`<!--${"<div>".repeat(50)}-->`, 10)).toBe(false);
    const began = performance.now();
    expect(nestsDeeperThan("<a".repeat(1_000_000), 10)).toBe(false);
    expect(nestsDeeperThan("<a>".repeat(1_000_000), 2_000_000)).toBe(false);
    expect(performance.now() - began).toBeLessThan(1_000);
  });

  it("names a message it cannot read by its raw From, Subject and Message-ID, bounded", () => {
    const raw = Buffer.from(
      [
        'From: "Rosa" <Rosa@Bakery.Example>',
        `Subject: =?utf-8?B?${Buffer.from("Ça marche\u202E").toString("base64")}?=`,
        "Message-ID: <abc@bakery.example>",
        "",
        "<b>".repeat(3000),
      ].join("\r\n"),
    );
    expect(headerSummary(raw)).toEqual({
      from: "rosa@bakery.example",
      subject: "Ça marche",
      messageId: "<abc@bakery.example>",
    });
    expect(headerSummary(Buffer.from(`Subject: ${"x".repeat(200_000)}`))).toEqual({
      from: null,
      subject: "x".repeat(300),
      messageId: null,
    });
  });
});
