import { convert } from "html-to-text";
import { mailboxLimits, mailboxTexts } from "../../domain/mailbox.ts";
import { UnreadableMail } from "./unreadable-mail.ts";

/**
 * An HTML-only message's words (docs/conversations.md, "What a reply shows"): links kept as
 * text, images, styles and scripts dropped, so nothing remote is ever loaded and no markup
 * reaches the page. Bounded before html-to-text runs: it walks the document recursively (a
 * few thousand nested elements overflow the stack) and takes about 0.2 s a megabyte.
 */

/**
 * The HTML converted at most. The text kept is 100 KB (conversationLimits.incomingBytes);
 * markup beyond 2 MB is almost never words the owner would read here, and the message says
 * it was cut.
 */
export const maxHtmlChars = 2_000_000;

// Elements that never hold content, and those the HTML parser closes when a sibling opens
// (li after li, td after td), so a run of them left open does not nest.
const voidElements = new Set(
  "area base br col embed hr img input link meta param source track wbr".split(" "),
);
const closedBySibling = new Set(
  "p li dt dd option optgroup tr td th thead tbody tfoot rt rp".split(" "),
);

/**
 * Whether elements nest deeper than `max`, in one pass over the markup (never recursive,
 * linear in its length): a start tag opens a level, an end tag closes down to the nearest
 * open element of its name, comments are skipped. It follows what htmlparser2 builds closely
 * enough to keep html-to-text well inside its stack; a RangeError is still caught (the
 * worker sets the message aside).
 */
export function nestsDeeperThan(html: string, max: number): boolean {
  const open: string[] = [];
  const counts = new Map<string, number>();
  const name = /[A-Za-z][\w:-]*/y;
  for (let at = html.indexOf("<"); at >= 0; ) {
    if (html.startsWith("<!--", at)) {
      const end = html.indexOf("-->", at + 4);
      at = end < 0 ? -1 : html.indexOf("<", end + 3);
      continue;
    }
    const closing = html[at + 1] === "/";
    name.lastIndex = at + (closing ? 2 : 1);
    const tag = name.exec(html)?.[0].toLowerCase();
    if (!tag) {
      at = html.indexOf("<", at + 1);
      continue;
    }
    // No ">" left: no tag can follow either. Searching once keeps this linear.
    const end = html.indexOf(">", name.lastIndex);
    if (end < 0) break;
    at = html.indexOf("<", end + 1);
    if (voidElements.has(tag) || closedBySibling.has(tag)) continue;
    if (!closing) {
      open.push(tag);
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
      if (open.length > max) return true;
    } else if (counts.get(tag)) {
      for (let popped = open.pop(); popped !== undefined; popped = open.pop()) {
        counts.set(popped, (counts.get(popped) ?? 1) - 1);
        if (popped === tag) break;
      }
    }
  }
  return false;
}

/** The words of an HTML part, and whether markup past maxHtmlChars was left out. */
export function htmlAsText(html: string): { text: string; cut: boolean } {
  const cut = html.length > maxHtmlChars;
  const markup = cut ? html.slice(0, maxHtmlChars) : html;
  if (nestsDeeperThan(markup, mailboxLimits.htmlDepth))
    throw new UnreadableMail(mailboxTexts.tooDeep);
  const text = convert(markup, {
    wordwrap: false,
    limits: { maxDepth: mailboxLimits.htmlDepth, maxInputLength: maxHtmlChars },
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
      { selector: "style", format: "skip" },
      { selector: "script", format: "skip" },
    ],
  });
  return { text, cut };
}
