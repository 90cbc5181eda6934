import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterEach, describe, expect, it } from "vitest";
import { mailboxTexts } from "../../domain/mailbox.ts";
import { rawMail } from "../test-support/raw-mail.ts";
import { type MailReader, startMailReader } from "./mail-reader.ts";

const reply = Buffer.from(rawMail({ from: "rosa@bakery.example", body: "Tuesday works." }));

/** A 9 MB text body of two-byte characters: the worst case for cutting it to 100 KB. */
const nineMegabytes = () =>
  Buffer.from(
    rawMail({
      from: "rosa@bakery.example",
      headers: ["Content-Transfer-Encoding: 8bit"],
      body: "ça va très bien, merci — à bientôt. ".repeat(Math.ceil((9 * 1048576) / 40)),
    }),
  );

describe("reading messages in a worker thread", () => {
  let reader: MailReader | undefined;
  afterEach(async () => {
    await reader?.close();
  });

  it("reads a 9 MB message without holding up the event loop for 100 ms", async () => {
    reader = startMailReader();
    await reader.read(reply, "<uid-1-1@test>"); // the worker started
    const big = nineMegabytes();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const reading = await reader.read(big, "<uid-1-2@test>");
    // A stall at the very end shows only once the loop turns again: let it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    delay.disable();
    expect("mail" in reading && reading.mail.text).toMatch(
      /was cut\. Read it in your mailbox\.\]$/,
    );
    expect(delay.max / 1e6).toBeLessThan(100);
  });

  it("sets aside what its content makes unreadable, and reads the next message", async () => {
    reader = startMailReader();
    const deep = rawMail({
      from: "rosa@bakery.example",
      contentType: "text/html",
      body: `${"<table>".repeat(3000)}hi${"</table>".repeat(3000)}`,
    });
    expect(await reader.read(Buffer.from(deep), "<uid-1-1@test>")).toEqual({
      unreadable: mailboxTexts.tooDeep,
    });
    expect(await reader.read(reply, "<uid-1-2@test>")).toMatchObject({
      mail: { text: "Tuesday works.", from: "rosa@bakery.example" },
    });
  });

  it("gives up on a read past its time limit, then reads on with a fresh worker", async () => {
    reader = startMailReader({ timeLimitMs: 100 });
    const slow = rawMail({
      from: "rosa@bakery.example",
      contentType: "text/html",
      body: "<p>Hello <b>there</b> friend</p>".repeat(62_000),
    });
    expect(await reader.read(Buffer.from(slow), "<uid-1-1@test>")).toEqual({
      unreadable: mailboxTexts.tooSlow,
    });
    expect(await reader.read(reply, "<uid-1-2@test>")).toMatchObject({
      mail: { text: "Tuesday works." },
    });
  });

  it("rejects, never setting a message aside, when the worker itself cannot start", async () => {
    reader = startMailReader({ script: new URL("./no-such-worker.ts", import.meta.url) });
    await expect(reader.read(reply, "<uid-1-1@test>")).rejects.toThrow(
      /mail reader could not start/,
    );
  });
});
