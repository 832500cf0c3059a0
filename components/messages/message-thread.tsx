"use client";

import { memo, useEffect, useRef } from "react";
import { deletedAthleteName } from "@/lib/messages/deleted-athlete";
import type { ConversationSummary, Message } from "@/lib/messages/types";
import { useConversationRealtime } from "@/lib/messages/use-conversation-realtime";
import { ReportButton } from "@/components/moderation/report-dialog";
import { BlockButton } from "@/components/blocks/block-button";
import { Avatar } from "./avatar";
import { MessageText } from "./message-text";
import { MessageComposer } from "./message-composer";
import { RelativeTime } from "./relative-time";

/** Spec §2 "Messages", right: the thread (600 px, newest at the bottom, own messages right) and the input. */
export function MessageThread({
  conversation,
  me,
  initial,
}: {
  conversation: ConversationSummary;
  me: string;
  initial: Message[];
}) {
  const { messages, merge, live } = useConversationRealtime({ conversationId: conversation.id, me, initial });
  const scroller = useRef<HTMLDivElement>(null);
  const other = conversation.other_participant;
  // No other participant: they deleted their account (their messages went with it).
  const name = other ? other.full_name || "Unknown User" : deletedAthleteName;
  const lastOwnRead = [...messages].reverse().find((m) => m.sender_id === me)?.read ?? false;

  // Scroll to the newest message whenever one arrives.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  return (
    <section aria-labelledby="thread-title" className="flex h-full flex-col">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3">
        <Avatar person={other} size="sm" />
        <div className="min-w-0">
          <h2 id="thread-title" className="min-w-0 truncate font-bold text-slate-900">
            {name}
          </h2>
          <p className="min-w-0 truncate text-sm text-slate-600">
            {other ? `@${other.username || "unknown"}` : "Account deleted"}
          </p>
        </div>
        {other ? <BlockButton profileId={other.id} name={other.full_name} className="ml-auto" /> : null}
      </header>
      <div
        ref={scroller}
        className="h-[600px] space-y-2 overflow-y-auto bg-slate-50 px-4 py-4"
        role="log"
        data-live={live}
        aria-label={`Messages with ${name}`}
        tabIndex={0}
      >
        {messages.length === 0 ? (
          <p className="py-10 text-center text-slate-600">No messages yet. Start the conversation!</p>
        ) : (
          messages.map((m) => <MessageRow key={m.id} message={m} own={m.sender_id === me} name={name} />)
        )}
        {messages.length > 0 && messages[messages.length - 1]!.sender_id === me ? (
          <p className="text-right text-xs text-slate-600" data-testid="read-state">
            {lastOwnRead ? "Seen" : "Sent"}
          </p>
        ) : null}
      </div>
      {other ? (
        <MessageComposer conversationId={conversation.id} onSent={(m) => merge([m])} />
      ) : (
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-700">
          {deletedAthleteName}: this account was deleted, so you can&apos;t reply.
        </p>
      )}
    </section>
  );
}

/**
 * One message of the thread. Memoized: a new message or a read flag replaces one object in the list
 * (mergeMessages keeps the others), so only that row renders again, not the whole thread.
 */
const MessageRow = memo(function MessageRow({
  message: m,
  own,
  name,
}: {
  message: Message;
  own: boolean;
  name: string;
}) {
  return (
    <div className={`flex ${own ? "justify-end" : "justify-start"}`} data-message-id={m.id}>
      <div
        className={`max-w-[80%] rounded-2xl px-3 py-2 ${own ? "bg-ocean-700 text-white" : "border border-slate-200 bg-white text-slate-900"}`}
      >
        <MessageText content={m.content} />
        <p className={`mt-1 text-xs ${own ? "text-ocean-100" : "text-slate-600"}`}>
          <span className="sr-only">{own ? "You, " : `${name}, `}</span>
          <RelativeTime iso={m.created_at} />
          {own || m.sender_id === null ? null : (
            <ReportButton
              kind="message"
              targetId={m.id}
              subject={`message from ${name}`}
              ariaLabel={`Report message from ${name}`}
              className="hover:text-ocean-800 ml-1 inline-flex min-h-6 items-center px-1 underline underline-offset-2"
            />
          )}
        </p>
      </div>
    </div>
  );
});
