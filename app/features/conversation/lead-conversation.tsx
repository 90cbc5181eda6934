import { useCallback, useEffect, useRef, useState } from "react";
import { conversationTexts, type LeadMessage, replySubject } from "../../../domain/conversation.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { type LeadRecord, leadTexts } from "../../../domain/lead-record.ts";
import { useAdminSettings } from "../../components/admin/admin-settings.tsx";
import { fullName } from "../../components/admin/lead-name.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { nextPageUrl } from "../../components/admin/paged-list.ts";
import { buttonClass } from "../../components/layout.tsx";
import { authGet, authPost } from "../../session/api.ts";
import { useLeadSavesContext } from "../lead/lead-saves.tsx";
import type { ListKey } from "../lead/lead-view.ts";
import { Composer } from "./composer.tsx";
import { type ShownConversation, withEarlier, withLatest } from "./conversation-pages.ts";
import { MessageItem } from "./message-item.tsx";

/** Asked once the lead stays open a moment: j and k pass over leads without a request each. */
const settleMs = 250;
/** While a message waits to go, its status is asked again this often (for a minute at most). */
const pollMs = 2_000;
const pollFor = 60_000;

/**
 * A lead's conversation in its details: the e-mails sent and the visitor's replies, oldest
 * first, and the composer. The latest page opens (the API pages from the newest, so the last
 * reply is always there) and "Show earlier messages" adds the ones before. Opening it reads
 * the lead's replies; sending the first answer moves the lead like "Mark as replied" does.
 */
export function LeadConversation({ lead, listKey }: { lead: LeadRecord; listKey: ListKey }) {
  const clock = useOwnerClock();
  const settings = useAdminSettings();
  const saves = useLeadSavesContext();
  const [shown, setShown] = useState<ShownConversation | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  const [pollUntil, setPollUntil] = useState(0);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const messages = shown?.messages ?? null;
  const setMessages = (update: (all: LeadMessage[]) => LeadMessage[]) =>
    setShown((current) => current && { ...current, messages: update(current.messages) });

  // An answer for the lead shown before this one is dropped, never merged into this one's.
  const shownLead = useRef(lead.ID);
  shownLead.current = lead.ID;

  const load = useCallback(async () => {
    const id = lead.ID;
    const result = await authGet(endpoints.leadMessages, { params: { id } });
    if (shownLead.current !== id) return null;
    if (result.ok)
      setShown((current) =>
        withLatest(current, result.data, nextPageUrl(result.headers.get("link"))),
      );
    else setFailed(result.error ?? leadTexts.failed);
    return result.ok ? result.data : null;
  }, [lead.ID]);

  // A new lead starts from its own latest page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: lead.ID is what says it is another.
  useEffect(() => setShown(null), [lead.ID]);

  async function showEarlier() {
    const url = shown?.earlier;
    const id = lead.ID;
    if (!url || loadingEarlier) return;
    setLoadingEarlier(true);
    const result = await authGet(endpoints.leadMessages, { url });
    setLoadingEarlier(false);
    if (shownLead.current !== id) return;
    if (!result.ok) return setFailed(result.error ?? leadTexts.failed);
    setFailed(null);
    setShown(
      (current) =>
        current && withEarlier(current, result.data, nextPageUrl(result.headers.get("link"))),
    );
  }

  // Loaded when the lead opens, and again when it changes on the server (a reply came in).
  // biome-ignore lint/correctness/useExhaustiveDependencies: UpdatedAt is what says it changed.
  useEffect(() => {
    const timer = setTimeout(() => void load(), settleMs);
    return () => clearTimeout(timer);
  }, [load, lead.UpdatedAt]);

  // Shown with an unread reply: it is read now (once for each reply that came in).
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!messages || !lead.ReplyUnreadAt || marked.current === lead.ReplyUnreadAt) return;
    marked.current = lead.ReplyUnreadAt;
    void authPost(endpoints.readLeadMessages, {}, { params: { id: lead.ID } }).then((result) => {
      if (result.ok) saves.patched({ ...lead, ReplyUnreadAt: null });
    });
  }, [messages, lead, saves]);

  // A message on its way: its status is asked again until it is sent or has failed.
  useEffect(() => {
    if (!messages?.some((m) => m.status === "queued") || Date.now() > pollUntil) return;
    const timer = setTimeout(() => void load(), pollMs);
    return () => clearTimeout(timer);
  }, [messages, pollUntil, load]);

  async function retry(message: LeadMessage) {
    setRetrying(message.ID);
    const result = await authPost(
      endpoints.retryLeadMessage,
      {},
      { params: { id: lead.ID, messageId: message.ID } },
    );
    setRetrying(null);
    if (!result.ok) return setFailed(result.error ?? leadTexts.failed);
    setMessages((all) => all.map((m) => (m.ID === message.ID ? result.data : m)));
    setPollUntil(Date.now() + pollFor);
  }

  const lastIn = messages?.filter((m) => m.direction === "in").at(-1);
  const subject = lastIn ? replySubject(lastIn.subject) : conversationTexts.defaultSubject;
  return (
    <section
      aria-labelledby={`conversation-${lead.ID}`}
      className="mt-2 border-t border-line pt-1.5"
    >
      <h4 id={`conversation-${lead.ID}`} className="font-semibold">
        Conversation
      </h4>
      {failed ? <p className="text-sm text-error">{failed}</p> : null}
      {messages === null ? (
        <p className="text-sm text-muted">Loading the conversation…</p>
      ) : messages.length === 0 ? (
        <p className="text-sm text-muted">No e-mails yet.</p>
      ) : (
        <>
          {shown?.earlier ? (
            <button
              type="button"
              onClick={() => void showEarlier()}
              disabled={loadingEarlier}
              className={`mt-1 ${buttonClass("secondary", "sm")}`}
            >
              {loadingEarlier ? "Loading earlier messages…" : conversationTexts.earlier}
            </button>
          ) : null}
          <ol aria-live="polite" aria-relevant="additions" className="mt-1 grid gap-1">
            {messages.map((message) => (
              <MessageItem
                key={message.ID}
                message={message}
                visitorName={fullName(lead)}
                timeZone={clock.timeZone}
                onRetry={retry}
                retrying={retrying === message.ID}
              />
            ))}
          </ol>
        </>
      )}
      {settings?.mail && !settings.mail.sending ? (
        <p className="mt-1 text-sm text-muted">{conversationTexts.notSetUp}</p>
      ) : (
        <Composer
          key={lead.ID}
          lead={lead}
          subject={subject}
          onSent={(message, after) => {
            setShown((current) => ({
              messages: [...(current?.messages ?? []), message],
              earlier: current?.earlier ?? null,
            }));
            setPollUntil(Date.now() + pollFor);
            if (after)
              saves.applied({
                lead: after,
                listKey,
                control: "reply",
                message: { kind: "success", text: "Message sent.", control: "reply" },
              });
          }}
        />
      )}
    </section>
  );
}
