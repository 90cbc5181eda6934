import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";
import { conversationLimits, conversationTexts } from "../../domain/conversation.ts";
import { htmlAsText } from "./html-text.ts";
import { automaticBecause, failedSenderChecks, headerLinesOf } from "./mail-headers.ts";

/**
 * A message from the owner's mailbox, read for a lead's conversation: who sent it and to
 * whom, what it answers, and its words as plain text. Nothing of it is ever rendered as HTML:
 * an HTML-only message is converted to text (links kept as text, images dropped, so no remote
 * content is ever loaded), attachments are only named, and a body past 100 KB is cut.
 * Read in a worker thread (mail-reader.ts), never on the request path.
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
  /** Sent by a program, not a person (an out-of-office, a bounce, a list): left alone. */
  automatic: boolean;
  /** The sender checks its receiving server failed (`dmarc=fail`, …): empty when none did. */
  failedSenderChecks: string[];
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

/**
 * The start of a UTF-8 text that fits in `maxBytes`, cut on a character: the bytes are
 * counted once and the cut steps back over at most three continuation bytes, so a long
 * body costs one pass, not one measure per character removed.
 */
export function utf8Prefix(text: string, maxBytes: number): string {
  // A character is at least one byte: no more than maxBytes of them can fit.
  const encoded = Buffer.from(text.slice(0, maxBytes), "utf8");
  if (encoded.length <= maxBytes) return encoded.toString("utf8");
  let end = maxBytes;
  // 10xxxxxx continues a character: cut before the byte that starts it.
  while (end > 0 && ((encoded[end] ?? 0) & 0xc0) === 0x80) end--;
  return encoded.subarray(0, end).toString("utf8");
}

/** Text under the size every body is kept to, cut on a character, with a note. */
export function capped(text: string, { cut = false, ofBytes = 0 } = {}): string {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes <= conversationLimits.incomingBytes && !cut) return text;
  const kept = utf8Prefix(text, conversationLimits.incomingBytes);
  return `${kept}\n\n${conversationTexts.cut(Math.ceil(Math.max(bytes, ofBytes) / 1024))}`;
}

/** The words of a message: its text part, or its HTML part as text. */
export function textOf(parsed: Pick<ParsedMail, "text" | "html">): string {
  const html =
    !parsed.text?.trim() && typeof parsed.html === "string" ? htmlAsText(parsed.html) : null;
  const text = html ? html.text : (parsed.text ?? "");
  return capped(text.replace(/\r\n?/g, "\n").replace(unsafeInText, "").trim(), {
    cut: html?.cut ?? false,
    ofBytes: html ? Buffer.byteLength(parsed.html || "", "utf8") : 0,
  });
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
  const from = addressesOf(parsed.from)[0]?.toLowerCase() ?? null;
  const headers = headerLinesOf(parsed.headerLines);
  return {
    messageId: messageId ?? fallbackId,
    inReplyTo: idsOf(parsed.inReplyTo)[0] ?? null,
    references: idsOf(parsed.references),
    from,
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
    automatic: automaticBecause(headers, from) !== null,
    failedSenderChecks: failedSenderChecks(headers),
  };
}
