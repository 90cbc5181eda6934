import { useCallback, useEffect, useRef, useState } from "react";
import { conversationTexts, type LeadMessage, replySubject } from "../../../domain/conversation.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { type LeadRecord, leadTexts } from "../../../domain/lead-record.ts";
import { useAdminSettings } from "../../components/admin/admin-settings.tsx";
import { fullName } from "../../components/admin/lead-name.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { authGet, authPost } from "../../session/api.ts";
import { useLeadSavesContext } from "../tracker/lead-saves.tsx";
import type { ListKey } from "../tracker/tracker-state.ts";
import { Composer } from "./composer.tsx";
import { MessageItem } from "./message-item.tsx";

/** Asked once the lead stays open a moment: j and k pass over leads without a request each. */
const settleMs = 250;
/** While a message waits to go, its status is asked again this often (for a minute at most). */
const pollMs = 2_000;
const pollFor = 60_000;

/**
 * A lead's conversation in its details: the e-mails sent and the visitor's replies, oldest
 * first, and the composer. Opening it reads the lead's replies; sending the first answer
 * moves the lead like "Mark as replied" does.
 */
export function LeadConversation({ lead, listKey }: { lead: LeadRecord; listKey: ListKey }) {
  const clock = useOwnerClock();
  const settings = useAdminSettings();
  const saves = useLeadSavesContext();
  const [messages, setMessages] = useState<LeadMessage[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  const [pollUntil, setPollUntil] = useState(0);

  const load = useCallback(async () => {
    const result = await authGet(endpoints.leadMessages, { params: { id: lead.ID } });
    if (result.ok) setMessages(result.data);
    else setFailed(result.error ?? leadTexts.failed);
    return result.ok ? result.data : null;
  }, [lead.ID]);

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
    setMessages((all) => all?.map((m) => (m.ID === message.ID ? result.data : m)) ?? null);
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
      )}
      {settings?.mail && !settings.mail.sending ? (
        <p className="mt-1 text-sm text-muted">{conversationTexts.notSetUp}</p>
      ) : (
        <Composer
          key={lead.ID}
          lead={lead}
          subject={subject}
          onSent={(message, after) => {
            setMessages((all) => [...(all ?? []), message]);
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
