import { hasControlCharacter } from "../domain/api.ts";
import { isValidEmail } from "../domain/email.ts";
import { type Check, fail, isLoopbackHost, ok } from "./config-checks.ts";

/**
 * The e-mail settings: the SMTP server, the owner's address, who visitors' e-mails come from
 * and where their replies go, and the mailbox watched for them (docs/conversations.md). Read by
 * loadConfig (server/config.ts).
 */

/** An IMAP mailbox: where it is, who logs in, and which folder is watched. */
export type ImapSettings = Readonly<{
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  mailbox: string;
}>;

export const smtpUrl: Check<string | undefined> = (v) =>
  v === undefined || /^smtps?:\/\/\S+$/.test(v)
    ? ok(v)
    : fail("must be an smtp:// or smtps:// URL");
export const notifyEmail: Check<string | undefined> = (v) =>
  v === undefined || isValidEmail(v) ? ok(v) : fail("must be an e-mail address");

export const mailFromName: Check<string | undefined> = (v) =>
  v === undefined || (v.length <= 80 && !hasControlCharacter(v) && !/["<>]/.test(v))
    ? ok(v)
    : fail("must be 1 to 80 characters, without line breaks, quotes or < >");
/** REPLY_TO: an address, where `{token}` may stand for the lead's token (plus addressing). */
export const replyTo: Check<string | undefined> = (v) => {
  if (v === undefined) return ok(undefined);
  const sample = v.replaceAll("{token}", "abcdefghijklmnopqrstuvwxyz");
  if ((v.match(/\{token\}/g) ?? []).length > 1 || !isValidEmail(sample))
    return fail(
      "must be an e-mail address, where {token} may appear once (hello+{token}@studio.example)",
    );
  if (v.includes("{token}") && v.indexOf("{token}") > v.lastIndexOf("@"))
    return fail("must have {token} before the @ (hello+{token}@studio.example)");
  return ok(v);
};
/** IMAP_URL: imaps://user:password@host:993/INBOX; imap:// only to a loopback address. */
export const imapUrl: Check<ImapSettings | undefined> = (v) => {
  if (v === undefined) return ok(undefined);
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    return fail("must be an imaps:// URL like imaps://user:password@host:993/INBOX");
  }
  const secure = parsed.protocol === "imaps:";
  if (!secure && parsed.protocol !== "imap:")
    return fail("must be an imaps:// URL like imaps://user:password@host:993/INBOX");
  if (!secure && !isLoopbackHost(parsed.hostname))
    return fail("must use imaps:// (plain imap:// only to a loopback address such as 127.0.0.1)");
  if (!parsed.username || !parsed.password)
    return fail("must carry the mailbox's user and password (imaps://user:password@host/INBOX)");
  const mailbox = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "INBOX";
  return ok(
    Object.freeze({
      host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
      secure,
      username: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
      mailbox,
    }),
  );
};
export const imapPoll: Check<number> = (v) => {
  if (v === undefined) return ok(60_000);
  const seconds = Number(v);
  return /^\d+$/.test(v) && seconds >= 5 && seconds <= 3600
    ? ok(seconds * 1000)
    : fail("must be a whole number of seconds from 5 to 3600");
};
