import type { LeadMessage } from "../../../domain/conversation.ts";

/**
 * The part of a lead's conversation on screen, oldest first, and where the page before it is
 * (the API's `Link: <…>; rel="next"`; null when the first message is shown). The API pages
 * from the latest, so the newest page is what opens and "Show earlier messages" adds the
 * ones before.
 */
export type ShownConversation = { messages: LeadMessage[]; earlier: string | null };

/** The API's order: by time, then ID. */
const inOrder = (a: LeadMessage, b: LeadMessage) =>
  a.at < b.at ? -1 : a.at > b.at ? 1 : a.ID < b.ID ? -1 : a.ID > b.ID ? 1 : 0;

const merged = (older: LeadMessage[], newer: LeadMessage[]) => {
  const byId = new Map(older.map((message) => [message.ID, message]));
  // The newer copy wins: a message's status moves on (queued, then sent).
  for (const message of newer) byId.set(message.ID, message);
  return [...byId.values()].sort(inOrder);
};

/**
 * The latest page, read again (a reply came in, a message was sent): merged with what is
 * shown. When more messages came meanwhile than a page holds, the two no longer meet and the
 * latest page alone is shown, so nothing between them is silently missing.
 */
export function withLatest(
  shown: ShownConversation | null,
  latest: LeadMessage[],
  earlier: string | null,
): ShownConversation {
  const newestShown = shown?.messages.at(-1);
  const oldestLatest = latest[0];
  if (!shown || !newestShown || (earlier && oldestLatest && inOrder(newestShown, oldestLatest) < 0))
    return { messages: latest, earlier };
  return { messages: merged(shown.messages, latest), earlier: shown.earlier };
}

/** The page before the first shown, added in front of it. */
export function withEarlier(
  shown: ShownConversation,
  page: LeadMessage[],
  earlier: string | null,
): ShownConversation {
  return { messages: merged(page, shown.messages), earlier };
}
