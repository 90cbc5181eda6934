import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { calDavClient } from "./caldav-client.ts";

/**
 * A hostile calendar server: whatever it answers, the owner's credentials never leave for
 * another origin (docs/security.md). Two real HTTP servers on loopback: the calendar, which
 * redirects or names events elsewhere, and the other host, which records what reaches it.
 */
describe("the owner's calendar, when it points elsewhere", () => {
  let calendar: Server;
  let elsewhere: Server;
  let reached: IncomingHttpHeaders[];
  let answer: (
    url: string,
    respond: (status: number, headers: object, body?: string) => void,
  ) => void;

  const listen = (server: Server) =>
    new Promise<number>((resolve) =>
      server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
    );
  let calendarUrl = "";
  let elsewhereUrl = "";

  beforeEach(async () => {
    reached = [];
    elsewhere = createServer((request, response) => {
      reached.push(request.headers);
      request.resume();
      response
        .writeHead(207, { "content-type": "application/xml" })
        .end('<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"></d:multistatus>');
    });
    elsewhereUrl = `http://127.0.0.1:${await listen(elsewhere)}/stolen/`;
    calendar = createServer((request, response) => {
      request.resume();
      answer(request.url ?? "/", (status, headers, body) =>
        response.writeHead(status, headers as Record<string, string>).end(body ?? ""),
      );
    });
    calendarUrl = `http://127.0.0.1:${await listen(calendar)}/cal/`;
  });
  afterEach(async () => {
    await new Promise((resolve) => calendar.close(resolve));
    await new Promise((resolve) => elsewhere.close(resolve));
  });

  const client = () =>
    calDavClient({ url: calendarUrl, username: "owner", password: "s3cret-password" });

  it("follows no redirect, so another host never sees the owner's credentials", async () => {
    answer = (_url, respond) => respond(307, { location: elsewhereUrl });
    const owner = client();
    // Reading answers nothing usable; writing and removing fail: none goes elsewhere.
    await owner.eventsBetween(new Date(0), new Date(86_400_000)).catch(() => []);
    await expect(owner.put(owner.hrefFor("a"), "BEGIN:VCALENDAR\r\nEND:VCALENDAR")).rejects.toThrow(
      /answered 307/,
    );
    await expect(owner.remove(owner.hrefFor("a"))).rejects.toThrow(/answered 307/);
    expect(reached).toEqual([]);
  });

  it("refuses an event the calendar names on another server", async () => {
    answer = (_url, respond) =>
      respond(
        207,
        { "content-type": "application/xml" },
        `<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"><d:response><d:href>${elsewhereUrl}x.ics</d:href><d:propstat><d:prop><d:getetag>"1"</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>`,
      );
    const owner = client();
    await expect(owner.hrefsOf("uid-1")).rejects.toThrow(/another server/);
    expect(reached).toEqual([]);
  });
});
