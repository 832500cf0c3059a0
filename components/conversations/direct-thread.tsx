"use client";

import { useRef, useState, type ReactNode } from "react";
import { BlockPanel, type BlockStep } from "@/components/blocks/block-panel";
import { ActionMenu, type ActionMenuHandle } from "@/components/ui/action-menu";
import { deletedAthleteName } from "@/lib/conversations/deleted-athlete";
import { directKind } from "@/lib/conversations/kinds/direct";
import type { ConversationSummary, Message } from "@/lib/conversations/types";
import { useLiveThread } from "@/lib/conversations/use-live-thread";
import { Avatar } from "./avatar";
import { MessageComposer } from "./message-composer";
import { ThreadShell, useThreadReport } from "./thread-shell";

/**
 * An open 1:1 conversation: the shared thread with the other athlete in the header, a menu with Report and
 * Block (blocks apply to 1:1 only), "Seen" once they have read one's latest, and no composer once they
 * deleted their account.
 */
export function DirectThread({
  conversation,
  me,
  initial,
  earlyId,
  above = null,
}: {
  conversation: ConversationSummary;
  me: string;
  initial: Message[];
  /** The id a message sent before the page's scripts have run is stored under (MessageComposer). */
  earlyId: string;
  /** A card between the header and the messages (the join request this conversation is about). */
  above?: ReactNode;
}) {
  const { messages, merge, live } = useLiveThread({ kind: directKind, id: conversation.id, me, initial });
  const menu = useRef<ActionMenuHandle>(null);
  const [blockStep, setBlockStep] = useState<BlockStep>("idle");
  const report = useThreadReport();
  const other = conversation.other_participant;
  // No other participant: they deleted their account (their messages went with it).
  const name = other ? other.full_name || "Unknown User" : deletedAthleteName;
  const lastOwnRead = [...messages].reverse().find((m) => m.sender_id === me)?.read ?? false;

  const menuItems = other
    ? [
        {
          label: `Report ${name}`,
          onSelect: () => report.open({ kind: "profile", targetId: other.id, subject: `${name}'s profile` }),
        },
        { label: `Block ${name}`, onSelect: () => setBlockStep("confirm"), danger: true },
      ]
    : [];

  return (
    <ThreadShell
      titleId="thread-title"
      title={name}
      subtitle={other ? `@${other.username || "unknown"}` : "Account deleted"}
      picture={<Avatar person={other} size="sm" />}
      actions={
        other ? (
          <ActionMenu ref={menu} label={`Options for the conversation with ${name}`} items={menuItems} />
        ) : null
      }
      between={
        <>
          {other && directKind.blockable && blockStep !== "idle" ? (
            <div className="border-b border-slate-200 bg-white px-4 py-2 text-sm">
              <BlockPanel
                profileId={other.id}
                name={name}
                step={blockStep}
                onStep={setBlockStep}
                onCancel={() => menu.current?.focus()}
              />
            </div>
          ) : null}
          {above ? <div className="shrink-0 pb-3">{above}</div> : null}
        </>
      }
      messages={messages}
      me={me}
      live={live}
      logLabel={`Messages with ${name}`}
      empty="No messages yet. Start the conversation!"
      nameOf={() => name}
      readState={{ testId: "read-state", text: lastOwnRead ? "Seen" : "Sent" }}
      footer={
        other ? (
          <MessageComposer
            kind={directKind}
            to={conversation.id}
            earlyId={earlyId}
            onSent={(m) => merge([m])}
          />
        ) : (
          <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-700">
            {deletedAthleteName}: this account was deleted, so you can&apos;t reply.
          </p>
        )
      }
      report={report}
    />
  );
}
