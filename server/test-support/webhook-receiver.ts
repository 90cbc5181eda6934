import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP receiver for the webhook suites, on 127.0.0.1: it keeps every request (headers
 * and raw body) and answers each with the next status of `answers` (then 200).
 */
export async function startReceiver(answers: number[] = []) {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const queue = [...answers];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = queue.shift() ?? 200;
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status < 300 ? "thanks" : `no (${status})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Resolves once `count` requests came, or fails after `ms`. */
    async until(count: number, ms = 10_000) {
      const end = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > end) throw new Error(`expected ${count} requests, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
