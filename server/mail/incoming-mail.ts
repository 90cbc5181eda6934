import { convert } from "html-to-text";
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import { conversationLimits, conversationTexts } from "../../domain/conversation.ts";

/**
 * A message from the owner's mailbox, read for a lead's conversation: who sent it and to
 * whom, what it answers, and its words as plain text. Nothing of it is ever rendered as HTML:
 * an HTML-only message is converted to text (links kept as text, images dropped, so no remote
 * content is ever loaded), attachments are only named, and a body past 100 KB is cut.
 */
export type IncomingMail = {
  /** Its Message-ID; one is made up (from the mailbox's UIDVALIDITY and UID) when it has none. */
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: string | null;
  /** Every address it was delivered to (To, Cc, Delivered-To, X-Original-To). */
  recipients: string[];
  subject: string;
  text: string;
  attachments: Array<{ name: string; size: number }>;
  /** Sent by a program, not a person (an out-of-office, a bounce): left alone. */
  automatic: boolean;
};

const maxSubject = 300;

/**
 * What may not reach the screen: control characters, line and paragraph separators, and the
 * bidirectional overrides that make text read other than it is.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const unsafeInLine = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
const unsafeInText =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: as above, keeping tabs and newlines.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export const oneLineOf = (value: string, max: number) =>
  value.replace(unsafeInLine, " ").replace(/\s+/g, " ").trim().slice(0, max);

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((group) => group.value)
    .flatMap((entry) => (entry.address ? [entry.address] : []));

const idsOf = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : [])
    .map((id) => id.trim())
    .filter((id) => /^<[^<>\s]{1,900}>$/.test(id));

/** Text under the size every body is kept to, cut on a character, with a note. */
function capped(text: string): string {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes <= conversationLimits.incomingBytes) return text;
  let cut = text.slice(0, conversationLimits.incomingBytes);
  while (Buffer.byteLength(cut, "utf8") > conversationLimits.incomingBytes) cut = cut.slice(0, -1);
  return `${cut}\n\n${conversationTexts.cut(Math.ceil(bytes / 1024))}`;
}

/** The words of a message: its text part, or its HTML part as text. */
export function textOf(parsed: Pick<ParsedMail, "text" | "html">): string {
  const text = parsed.text?.trim()
    ? parsed.text
    : typeof parsed.html === "string"
      ? convert(parsed.html, {
          wordwrap: false,
          selectors: [
            { selector: "img", format: "skip" },
            { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
            { selector: "style", format: "skip" },
            { selector: "script", format: "skip" },
          ],
        })
      : "";
  return capped(text.replace(/\r\n?/g, "\n").replace(unsafeInText, "").trim());
}

/**
 * Reads a raw message (RFC 5322). `fallbackId` names one without a Message-ID, stable for
 * the same message in the same mailbox (its UIDVALIDITY and UID).
 */
export async function readIncomingMail(
  source: Buffer,
  { fallbackId }: { fallbackId: string },
): Promise<IncomingMail> {
  const parsed = await simpleParser(source, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
  const header = (name: string) => {
    const value = parsed.headers.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const [messageId] = idsOf(parsed.messageId);
  const autoSubmitted = (header("auto-submitted") ?? "no").trim().toLowerCase();
  return {
    messageId: messageId ?? fallbackId,
    inReplyTo: idsOf(parsed.inReplyTo)[0] ?? null,
    references: idsOf(parsed.references),
    from: addressesOf(parsed.from)[0]?.toLowerCase() ?? null,
    recipients: [
      ...addressesOf(parsed.to),
      ...addressesOf(parsed.cc),
      ...[header("delivered-to"), header("x-original-to")].flatMap((value) =>
        value ? [value.replace(/^.*<|>.*$/g, "").trim()] : [],
      ),
    ].map((address) => address.toLowerCase()),
    subject: oneLineOf(parsed.subject ?? "", maxSubject) || "(no subject)",
    text: textOf(parsed),
    attachments: parsed.attachments.map((attachment) => ({
      name: oneLineOf(attachment.filename ?? "attachment", 200) || "attachment",
      size: attachment.size,
    })),
    automatic:
      autoSubmitted !== "no" ||
      parsed.headers.has("x-autoreply") ||
      /^(mailer-daemon|postmaster)@/i.test(addressesOf(parsed.from)[0] ?? ""),
  };
}
