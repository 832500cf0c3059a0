"use client";

import Link from "next/link";
import { useTeamThread } from "@/lib/conversations/kinds/use-team-thread";
import { teamKind } from "@/lib/conversations/kinds/team";
import { seenByCount, seenByText } from "@/lib/conversations/seen-by";
import type { TeamChatMember, TeamChatMessage } from "@/lib/conversations/types";
import { MessageComposer } from "./message-composer";
import { TeamBadge } from "./team-badge";
import { ThreadShell, useThreadReport } from "./thread-shell";

/** Who wrote a message that is still in the chat after its sender left the team. */
export const formerMemberName = "Former member";

/**
 * A team's chat: the shared thread with the team in the header and its member count, each run of messages
 * under its sender's name, and "Seen by N" under one's latest. On the team page (`embedded`) it is a card.
 */
export function TeamThread({
  team,
  me,
  initial,
  members: initialMembers,
  earlyId,
  embedded = false,
}: {
  team: { id: string; name: string };
  me: string;
  initial: TeamChatMessage[];
  members: TeamChatMember[];
  earlyId: string;
  embedded?: boolean;
}) {
  const { messages, members, merge, live } = useTeamThread({
    teamId: team.id,
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
      titleId={embedded ? "team-chat-title" : "thread-title"}
      title={embedded ? "Team chat" : team.name}
      subtitle={
        <>
          {members.length === 1 ? "Just you so far" : `${members.length} members`}
          {embedded ? null : (
            <>
              {" · "}
              <Link
                href={`/teams/${team.id}`}
                className="text-ocean-700 font-semibold whitespace-nowrap underline"
              >
                Team page
              </Link>
            </>
          )}
        </>
      }
      picture={<TeamBadge name={team.name} />}
      embedded={embedded}
      messages={messages}
      me={me}
      live={live}
      logLabel={`Messages in ${team.name}'s team chat`}
      empty="No messages yet. Plan race morning here: who racks the bike, where the chip changes hands."
      nameOf={(m) => names.get(m.sender_id) ?? formerMemberName}
      showNames
      readState={last ? { testId: "seen-by", text: seenByText(seenByCount(last, members), others) } : null}
      footer={
        <MessageComposer
          kind={teamKind}
          to={team.id}
          earlyId={earlyId}
          placeholder="To the team..."
          onSent={(m) => merge([m])}
        />
      }
      report={report}
    />
  );
}
