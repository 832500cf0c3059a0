"use client";

import Link from "next/link";
import { sessionKind } from "@/lib/conversations/kinds/session";
import { useSessionThread } from "@/lib/conversations/kinds/use-session-thread";
import { seenByCount, seenByText } from "@/lib/conversations/seen-by";
import type { GroupChatMember, SessionChatMessage } from "@/lib/conversations/types";
import { formatSessionStart, sessionPath } from "@/lib/sessions/format";
import { MessageComposer } from "./message-composer";
import { SessionBadge } from "./session-badge";
import { ThreadShell, useThreadReport } from "./thread-shell";

/** Who wrote a message that is still in the chat after its sender left the session. */
export const formerAthleteName = "No longer going";

/**
 * A session date's group chat: the shared thread with the session and its date in the header, who is in
 * it, each run of messages under its sender's name, and "Seen by N" under one's latest (as a team's chat).
 */
export function SessionThread({
  session,
  me,
  initial,
  members: initialMembers,
  earlyId,
}: {
  session: { occurrenceId: string; title: string; startsAt: string; cancelled: boolean };
  me: string;
  initial: SessionChatMessage[];
  members: GroupChatMember[];
  earlyId: string;
}) {
  const { messages, members, merge, live } = useSessionThread({
    occurrenceId: session.occurrenceId,
    me,
    initial,
    members: initialMembers,
  });
  const report = useThreadReport();
  const names = new Map(members.map((m) => [m.profile_id, m.full_name || "Unknown User"]));
  const last = messages.at(-1);
  const others = members.filter((m) => m.profile_id !== me).length;

  return (
    <ThreadShell
      titleId="thread-title"
      title={session.title}
      subtitle={
        <>
          {formatSessionStart(session.startsAt)}
          {session.cancelled ? " (cancelled)" : ""}
          {" · "}
          {members.length === 1 ? "Just you so far" : `${members.length} in the chat`}
          {" · "}
          <Link
            href={sessionPath(session.occurrenceId)}
            className="text-ocean-700 font-semibold whitespace-nowrap underline"
          >
            Session page
          </Link>
        </>
      }
      picture={<SessionBadge startsAt={session.startsAt} />}
      messages={messages}
      me={me}
      live={live}
      logLabel={`Messages in the group chat of ${session.title}`}
      empty="No messages yet. Sort out the details here: where to park, who brings the spare tube."
      nameOf={(m) => names.get(m.sender_id) ?? formerAthleteName}
      showNames
      readState={last ? { testId: "seen-by", text: seenByText(seenByCount(last, members), others) } : null}
      footer={
        <MessageComposer
          kind={sessionKind}
          to={session.occurrenceId}
          earlyId={earlyId}
          placeholder="To everyone going..."
          onSent={(m) => merge([m])}
        />
      }
      report={report}
    />
  );
}
