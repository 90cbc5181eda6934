import * as z from "zod/mini";
import { isoTimestamp, lineCheck, textCheck } from "./api.ts";
import { site } from "./site.ts";

/**
 * A lead's conversation (docs/conversations.md): the e-mails sent to the visitor and
 * the replies that came back, the owner's templates and their placeholders, and what the API
 * says about them. Shared by the routes, the composer and the Settings screen.
 */

export const conversationLimits = Object.freeze({
  subject: 200,
  text: 20_000,
  templateName: 80,
  /** A reply's text is cut past this many bytes, with a note (its attachments never kept). */
  incomingBytes: 100 * 1024,
  /** Messages per page of a conversation, newest page first. */
  page: 100,
  maxPage: 500,
});

export const conversationTexts = Object.freeze({
  subjectMissing: "Write a subject.",
  subjectTooLong: `A subject can be at most ${conversationLimits.subject} characters.`,
  subjectOneLine: "A subject is one line: remove the line breaks.",
  textMissing: "Write a message.",
  textTooLong: `A message can be at most ${conversationLimits.text.toLocaleString("en-US")} characters.`,
  badText: "A message can't contain the invisible NUL character.",
  nameMissing: "Give the template a name.",
  nameTooLong: `A template's name can be at most ${conversationLimits.templateName} characters.`,
  notSetUp: "Sending e-mail is not set up on this server: set SMTP_URL and NOTIFY_EMAIL.",
  templateNotFound: "That template no longer exists.",
  templateSaved: "Template saved.",
  templateDeleted: "Template deleted.",
  messageNotFound: "That message no longer exists.",
  notFailed: "Only a message that failed can be sent again.",
  read: "Replies marked as read.",
  defaultSubject: `Re: your message to ${site.name}`,
  cut: (kb: number) =>
    `[The rest of this message (${kb} KB in all) was cut. Read it in your mailbox.]`,
  badLimit: `limit must be a whole number from 1 to ${conversationLimits.maxPage}.`,
  badCursor: "That cursor is not valid. Start again from the latest messages.",
  earlier: "Show earlier messages",
});

/** The placeholders a template or a message may use, and what each stands for. */
export const placeholders = Object.freeze({
  firstName: "The visitor's first name",
  lastName: "The visitor's last name",
  bookingLink: "A link to book a free call, with the visitor's details filled in",
});
export type Placeholder = keyof typeof placeholders;
const placeholderList = (Object.keys(placeholders) as Placeholder[]).map((name) => `{{${name}}}`);

const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * The first problem with a text's placeholders, or null: an unknown name, or braces left
 * open. Checked before a template is saved and before a message is sent, so a mistake is
 * never sent to a visitor as text.
 */
export function placeholderProblem(text: string): string | null {
  for (const [, name = ""] of text.matchAll(placeholderPattern))
    if (!(name in placeholders))
      return `Unknown placeholder {{${name}}}. Use ${listOf(placeholderList)}.`;
  const rest = text.replace(placeholderPattern, "");
  if (rest.includes("{{") || rest.includes("}}"))
    return `A placeholder is not closed: write it as ${listOf(placeholderList)}.`;
  return null;
}

const listOf = (items: string[]) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;

/** A text with its placeholders filled in (checked first with placeholderProblem). */
export const fillPlaceholders = (text: string, values: Record<Placeholder, string>) =>
  text.replace(placeholderPattern, (_, name: string) =>
    name in values ? values[name as Placeholder] : "",
  );

const subject = z
  .string({ error: conversationTexts.subjectMissing })
  .check(
    z.trim(),
    z.minLength(1, { error: conversationTexts.subjectMissing }),
    z.maxLength(conversationLimits.subject, { error: conversationTexts.subjectTooLong }),
    lineCheck(conversationTexts.subjectOneLine),
  );
const text = z.string({ error: conversationTexts.textMissing }).check(
  z.refine((value) => value.trim().length > 0, { error: conversationTexts.textMissing }),
  z.maxLength(conversationLimits.text, { error: conversationTexts.textTooLong }),
  textCheck(conversationTexts.badText),
);

/** A message's subject and text as the owner writes them: also to an event's registrants. */
export { subject as messageSubject, text as messageText };

/** POST /api/leads/{ID}/messages. */
export const newMessage = z.object({ subject, text }).register(z.globalRegistry, {
  id: "NewMessage",
  description: `A message to the lead. Placeholders: ${placeholderList.join(", ")}.`,
});
export type NewMessage = z.output<typeof newMessage>;

export const messageStatuses = ["queued", "sent", "failed", "received"] as const;

export const attachmentNote = z.object({ name: z.string(), size: z.number() });

/** One e-mail of a lead's conversation. */
export const leadMessage = z
  .object({
    ID: z.string(),
    direction: z.enum(["out", "in"]),
    kind: z.optional(
      z
        .enum(["auto-reply", "message", "reply"])
        .check(z.describe("The instant reply, a message the owner wrote, or the visitor's reply.")),
    ),
    from: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string().check(z.describe("Text only: a reply's HTML is converted, never kept.")),
    at: isoTimestamp,
    status: z.enum(messageStatuses),
    error: z.optional(
      z.nullable(z.string()).check(z.describe("Why the last attempt to send it failed.")),
    ),
    attachments: z.optional(
      z.array(attachmentNote).check(z.describe("A reply's attachments: names and sizes only.")),
    ),
  })
  .register(z.globalRegistry, { id: "LeadMessage", description: "An e-mail of a conversation." });
export type LeadMessage = z.output<typeof leadMessage>;

export const conversation = z
  .array(leadMessage)
  .check(
    z.describe(
      "A page of the conversation, oldest first within it: the latest messages, and the " +
        'earlier ones at the `Link: <…>; rel="next"` of each page while there are more.',
    ),
  );

/** GET /api/leads/{ID}/messages: the newest page, or the one before a cursor. */
export const conversationQuery = z.object({
  limit: z.optional(
    z.pipe(
      z.string({ error: conversationTexts.badLimit }).check(
        z.refine(
          (value) =>
            /^\d{1,4}$/.test(value) &&
            Number(value) >= 1 &&
            Number(value) <= conversationLimits.maxPage,
          { error: conversationTexts.badLimit },
        ),
        z.describe(
          `Messages per page, 1 to ${conversationLimits.maxPage} (default ${conversationLimits.page}).`,
        ),
      ),
      z.transform(Number),
    ),
  ),
  cursor: z.optional(
    z
      .string({ error: conversationTexts.badCursor })
      .check(
        z.maxLength(200, { error: conversationTexts.badCursor }),
        z.describe("From the previous page's Link header; opaque."),
      ),
  ),
});

export const messageParams = z.object({
  id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i), z.toLowerCase()),
  messageId: z.string().check(z.regex(/^[0-9a-f-]{36}$/i), z.toLowerCase()),
});

const templateName = z
  .string({ error: conversationTexts.nameMissing })
  .check(
    z.trim(),
    z.minLength(1, { error: conversationTexts.nameMissing }),
    z.maxLength(conversationLimits.templateName, { error: conversationTexts.nameTooLong }),
    lineCheck(conversationTexts.nameMissing),
  );

/** POST /api/templates and PUT /api/templates/{ID}; placeholders are checked too. */
export const templateBody = z
  .object({ name: templateName, subject, text })
  .register(z.globalRegistry, { id: "TemplateBody", description: "A reply template." });
export type TemplateBody = z.output<typeof templateBody>;

export const messageTemplate = z
  .object({
    ID: z.string(),
    name: z.string(),
    subject: z.string(),
    text: z.string(),
    CreatedAt: isoTimestamp,
    UpdatedAt: isoTimestamp,
  })
  .register(z.globalRegistry, { id: "MessageTemplate", description: "A reply template." });
export type MessageTemplate = z.output<typeof messageTemplate>;

export const templateIdParams = z.object({
  id: z.string().check(z.regex(/^[0-9a-f-]{36}$/i), z.toLowerCase()),
});

/**
 * "Re: …" for a reply in a thread: once, however many times it has been answered
 * ("Re: Re: Re:" and "RE:" and "Aw:" read as one).
 */
export function replySubject(subjectOfThread: string): string {
  const bare = subjectOfThread.replace(/^(\s*(re|aw|sv|fw|fwd)\s*:\s*)+/i, "").trim();
  return bare ? `Re: ${bare}` : conversationTexts.defaultSubject;
}

/**
 * A reply's own words and the earlier text it quotes, for the quote to be folded away: from
 * the first "On … wrote:" line (or a quoted line, ">", followed only by quoted or blank lines
 * and signatures) to the end. A text that is all quote keeps it all as its own words.
 */
export function splitQuoted(text: string): { own: string; quoted: string } {
  const lines = text.split("\n");
  const attribution = lines.findIndex(
    (line, i) =>
      /^\s*(On\b.{0,200}\bwrote:|Le\b.{0,200}\ba écrit\s?:|Am\b.{0,200}\bschrieb\b.{0,80}:)\s*$/i.test(
        line,
      ) ||
      // Outlook's "-----Original Message-----" and its "From: …" header block.
      /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/i.test(line) ||
      (/^\s*>/.test(line) && lines.slice(i).every((rest) => /^\s*(>|$)/.test(rest))),
  );
  if (attribution <= 0) return { own: text, quoted: "" };
  return {
    own: lines.slice(0, attribution).join("\n").trimEnd(),
    quoted: lines.slice(attribution).join("\n"),
  };
}
