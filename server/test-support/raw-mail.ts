/** A raw message (RFC 5322) as a visitor's mail program, or any other sender, would send it. */
export function rawMail({
  from,
  to = "hello@fineline.studio",
  subject = "Re: your message to Fineline Studio",
  messageId = `<${Math.random().toString(36).slice(2)}@visitor.example>`,
  inReplyTo,
  headers = [],
  body = "Thanks! Tuesday works for me.",
  contentType = "text/plain; charset=utf-8",
}: {
  from: string;
  to?: string;
  subject?: string;
  messageId?: string;
  inReplyTo?: string;
  headers?: string[];
  body?: string;
  contentType?: string;
}): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`, `References: ${inReplyTo}`] : []),
    "Date: Thu, 26 Nov 2026 15:00:00 +0000",
    "MIME-Version: 1.0",
    `Content-Type: ${contentType}`,
    ...headers,
    "",
    body,
  ].join("\r\n");
}
