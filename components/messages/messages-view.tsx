"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { fetchConversations } from "@/lib/actions/messages";
import { isOpenConversation, onInboxEvent, startInbox } from "@/lib/messages/inbox";
import { applyMessage } from "@/lib/messages/list";
import type { ConversationSummary, Message } from "@/lib/messages/types";
import type { RequestSent } from "@/lib/data/request-sent";
import { ConversationList } from "./conversation-list";
import { MessageThread } from "./message-thread";
import { RequestSentCard } from "./request-sent-card";

type Props = {
  me: string;
  initialConversations: ConversationSummary[];
  active: ConversationSummary | null;
  activeMessages: Message[];
  missing: boolean;
  /** The viewer's join request to the other participant's team, shown at the top of the thread. */
  requestSent?: RequestSent | null;
};

/** /messages: the list on the left, the open thread on the right; on phones one at a time. */
export function MessagesView({
  me,
  initialConversations,
  active,
  activeMessages,
  missing,
  requestSent = null,
}: Props) {
  const [conversations, setConversations] = useState(initialConversations);
  const activeId = active?.id ?? null;

  // A navigation (another ?c=) brings a fresh list from the server: it replaces the local one.
  const [fromServer, setFromServer] = useState(initialConversations);
  if (fromServer !== initialConversations) {
    setFromServer(initialConversations);
    setConversations(initialConversations);
  }

  useEffect(() => {
    void startInbox();
    const refetchAll = () => fetchConversations().then(setConversations, () => {});
    const off = onInboxEvent((event) => {
      if (event.kind === "reconnected") return void refetchAll();
      if (event.kind === "update") {
        if (event.message.read && event.message.sender_id !== me)
          setConversations((list) =>
            list.map((c) =>
              c.id === event.message.conversation_id
                ? { ...c, unread_count: Math.max(0, c.unread_count - 1) }
                : c,
            ),
          );
        return;
      }
      setConversations((list) => {
        const next = applyMessage(list, event.message, me, isOpenConversation(event.message.conversation_id));
        if (next) return next;
        // A conversation this list has not seen yet: fetch its row.
        void fetchConversations(event.message.conversation_id).then(
          (rows) => setConversations((l) => [...rows, ...l.filter((c) => !rows.some((r) => r.id === c.id))]),
          () => {},
        );
        return list;
      });
    });
    window.addEventListener("online", refetchAll);
    return () => {
      off();
      window.removeEventListener("online", refetchAll);
    };
  }, [me]);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-[20rem_minmax(0,1fr)]">
      <section
        aria-labelledby="conversations-title"
        className={`border-slate-200 md:max-h-[calc(600px+8.5rem)] md:overflow-y-auto md:border-r ${activeId ? "hidden md:block" : ""}`}
      >
        <h2 id="conversations-title" className="border-b border-slate-200 px-4 py-3 font-bold text-slate-900">
          Conversations
        </h2>
        <ConversationList conversations={conversations} activeId={activeId} />
      </section>
      <div className={activeId ? "" : "hidden md:block"}>
        {active ? (
          <>
            <Link
              href="/messages"
              className="text-ocean-700 block px-4 pt-3 text-sm font-semibold underline md:hidden"
            >
              ← All conversations
            </Link>
            {requestSent ? (
              <RequestSentCard
                request={requestSent}
                creatorName={active.other_participant?.full_name ?? null}
              />
            ) : null}
            <MessageThread key={active.id} conversation={active} me={me} initial={activeMessages} />
          </>
        ) : (
          <div className="flex h-full min-h-[20rem] flex-col items-center justify-center px-6 text-center text-slate-600">
            {missing ? (
              <p className="mb-2 text-slate-800">That conversation doesn&apos;t exist or isn&apos;t yours.</p>
            ) : null}
            <p>Select a conversation to start messaging</p>
          </div>
        )}
      </div>
    </div>
  );
}
