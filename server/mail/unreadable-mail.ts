import { mailboxTexts } from "../../domain/mailbox.ts";

/**
 * A message whose content cannot be read: it is set aside and the mailbox read past it
 * (docs/conversations.md, "Reading the mailbox"). Only the parse of the message's own bytes
 * says this; a connection or a database that fails never does, so those are tried again and
 * nothing is skipped for them.
 */
export class UnreadableMail extends Error {
  override name = "UnreadableMail";
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: a library's message may quote bytes.
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/**
 * Why a parse failed, in the owner's words. Whatever mailparser or html-to-text throw on a
 * message's bytes is the message's fault: their limits (MIME parts, header size), a stack
 * overflow on nesting, or a body they cannot make sense of.
 */
export function unreadableReason(error: unknown): string {
  if (error instanceof UnreadableMail) return error.message;
  const { code, message = "" } = (error ?? {}) as { code?: unknown; message?: string };
  if (error instanceof RangeError && /call stack/i.test(message)) return mailboxTexts.tooDeep;
  if (code === "EMAXLEN" && /child nodes/i.test(message)) return mailboxTexts.tooManyParts;
  if (code === "EMAXLEN") return mailboxTexts.headerTooLarge;
  const why = String(message).replace(unsafe, " ").replace(/\s+/g, " ").trim().slice(0, 200);
  return mailboxTexts.unreadable(why || "no reason given");
}
