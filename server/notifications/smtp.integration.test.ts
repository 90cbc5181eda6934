import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { smtpSender, smtpTimeouts, withTimeouts } from "./smtp.ts";

describe("the SMTP sender", () => {
  let server: Server | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  });

  it("adds time limits to the URL, keeping any the URL sets itself", () => {
    const url = new URL(withTimeouts("smtps://user:p%40ss@mail.example:465?socketTimeout=5000"));
    expect(url.searchParams.get("connectionTimeout")).toBe(String(smtpTimeouts.connectionTimeout));
    expect(url.searchParams.get("greetingTimeout")).toBe(String(smtpTimeouts.greetingTimeout));
    expect(url.searchParams.get("socketTimeout")).toBe("5000");
    expect(url.username).toBe("user");
    expect(decodeURIComponent(url.password)).toBe("p@ss");
    // Well inside the outbox's two-minute lease, so a hung send never outlives it.
    expect(smtpTimeouts.connectionTimeout + smtpTimeouts.socketTimeout).toBeLessThan(120_000);
  });

  it("gives up on a mail server that accepts the connection and never greets", async () => {
    // A server that takes the connection and says nothing: without a greeting timeout the
    // send would hang for as long as the socket lives.
    server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const sender = smtpSender(`smtp://127.0.0.1:${port}?greetingTimeout=300`);
    const started = Date.now();
    await expect(
      sender.send({
        from: { name: "Fineline Studio", address: "site@fineline.studio" },
        to: "owner@fineline.studio",
        subject: "Test",
        text: "Test",
        messageId: "<test@fineline.studio>",
      }),
    ).rejects.toThrow(/greeting/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    sender.close();
  });
});
