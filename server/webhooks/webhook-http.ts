import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { CheckedTarget } from "./targets.ts";

/** How much of a receiver's answer is kept in the delivery log. */
export const answerKept = 2048;

export type PostResult = { status: number; response: string };

/**
 * POSTs `body` to a checked target, connecting only to the address that was checked (the
 * lookup is pinned, so DNS is not asked again), with TLS checked against the URL's host name.
 * Redirects are not followed: a 3xx is an answer like any other non-2xx. Gives up after
 * `timeoutMs` for the whole exchange. Keeps the first 2 KB of the answer.
 */
export function postPinned(
  target: CheckedTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  stop?: AbortSignal,
): Promise<PostResult> {
  const { url, address, family } = target;
  const lookup: LookupFunction = (_host, options, callback) => {
    // Node asks for every address when it may try both families (autoSelectFamily).
    if ((options as { all?: boolean }).all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === "https:" ? https : http;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup,
        signal,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on("data", (chunk: Buffer) => {
          if (kept < answerKept) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            response: Buffer.concat(chunks).toString("utf8").slice(0, answerKept),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", (error) =>
      reject(timeout.aborted ? new Error(`no answer within ${timeoutMs / 1000} s`) : error),
    );
    request.end(body);
  });
}
