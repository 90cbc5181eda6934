import { oneLineOf } from "./incoming-mail.ts";

/**
 * From, Subject and Message-ID of a message that could not be read, for the owner to find it
 * in his mailbox (docs/conversations.md, "Reading the mailbox"). Read here without mailparser,
 * from the header block alone and no more than 64 KB of it, so it costs next to nothing on the
 * event loop whatever the message holds; each value is one line and bounded, never trusted.
 */

const maxHeaderBytes = 64 * 1024;

/** RFC 2047 encoded words (`=?utf-8?B?…?=`), decoded where the charset is known. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?\s]{1,40})\?([bqBQ])\?([^?\s]{0,1000})\?=/g, (word, charset, kind, text) => {
      try {
        const bytes =
          kind.toUpperCase() === "B"
            ? Buffer.from(text, "base64")
            : Buffer.from(
                text
                  .replace(/_/g, " ")
                  .replace(/=([0-9a-fA-F]{2})/g, (_: string, hex: string) =>
                    String.fromCharCode(Number.parseInt(hex, 16)),
                  ),
                "latin1",
              );
        return new TextDecoder(charset.split("*")[0]).decode(bytes);
      } catch {
        return word;
      }
    });
}

export function headerSummary(source: Uint8Array): {
  from: string | null;
  subject: string | null;
  messageId: string | null;
} {
  const head = Buffer.from(source.buffer, source.byteOffset, source.byteLength)
    .subarray(0, maxHeaderBytes)
    .toString("utf8");
  const end = head.search(/\r?\n\r?\n/);
  const lines = (end < 0 ? head : head.slice(0, end)).replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/);
  const first = (name: string) => {
    const line = lines.find((candidate) => candidate.toLowerCase().startsWith(`${name}:`));
    return line ? line.slice(name.length + 1).trim() : null;
  };
  const from = first("from");
  const address = from && /<([^<>\s]{1,320})>|([^\s<>"]{1,320}@[^\s<>"]{1,255})/.exec(from);
  const subject = first("subject");
  const messageId = first("message-id");
  return {
    from: address ? oneLineOf(address[1] ?? address[2] ?? "", 320).toLowerCase() || null : null,
    subject: subject === null ? null : oneLineOf(decodeWords(subject), 300),
    messageId: messageId && /^<[^<>\s]{1,900}>$/.test(messageId) ? messageId : null,
  };
}
