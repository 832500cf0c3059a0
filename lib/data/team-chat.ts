import "server-only";
import type { Tx } from "@/lib/db";
import type { TeamChatMember, TeamChatMessage, TeamChatSummary } from "@/lib/conversations/types";

// created_at as ISO text with microseconds: the chat's order and the catch-up point need them.
const columns = (tx: Tx) => tx`id, team_id, sender_id, content, to_json(created_at) #>> '{}' as created_at`;

/** How many of the newest messages a team chat loads at once. */
export const TEAM_CHAT_PAGE = 200;

/**
 * A team's chat in order: its newest `TEAM_CHAT_PAGE` messages, or with `after` only the ones stored after
 * that message (the catch-up after a reconnect). RLS returns nothing to anyone but the team's active members.
 */
export async function listTeamChatMessages(
  tx: Tx,
  teamId: string,
  after?: { created_at: string; id: string } | null,
): Promise<TeamChatMessage[]> {
  if (after) {
    return tx<TeamChatMessage[]>`
      select ${columns(tx)} from public.team_chat_messages
      where team_id = ${teamId}
        and (created_at, id) > (${after.created_at}::timestamptz, ${after.id}::uuid)
      order by created_at, id limit ${TEAM_CHAT_PAGE}`;
  }
  const rows = await tx<TeamChatMessage[]>`
    select ${columns(tx)} from public.team_chat_messages
    where team_id = ${teamId}
    order by created_at desc, id desc limit ${TEAM_CHAT_PAGE}`;
  return rows.reverse();
}

/** The chat's members (with read state); empty unless the signed-in athlete is one of them. */
export async function teamChatMembers(tx: Tx, teamId: string): Promise<TeamChatMember[]> {
  return tx<TeamChatMember[]>`
    select profile_id, username, full_name, avatar_url, to_json(last_read_at) #>> '{}' as last_read_at
    from public.team_chat_members(${teamId})`;
}

/**
 * Stores a message under its browser-chosen id. A repeat of the same send stores nothing new and returns the
 * stored row; an id already used for another message returns null.
 */
export async function insertTeamChatMessage(
  tx: Tx,
  input: { id: string; teamId: string; senderId: string; content: string },
): Promise<TeamChatMessage | null> {
  const [created] = await tx<TeamChatMessage[]>`
    insert into public.team_chat_messages (id, team_id, sender_id, content)
    values (${input.id}, ${input.teamId}, ${input.senderId}, ${input.content})
    on conflict (id) do nothing
    returning ${columns(tx)}`;
  if (created) return created;
  const [existing] = await tx<TeamChatMessage[]>`
    select ${columns(tx)} from public.team_chat_messages where id = ${input.id}`;
  const same =
    existing &&
    existing.team_id === input.teamId &&
    existing.sender_id === input.senderId &&
    existing.content === input.content;
  return same ? existing : null;
}

/** Moves the signed-in member's read state to now; false when they are not an active member. */
export async function markTeamChatRead(tx: Tx, teamId: string): Promise<boolean> {
  const [row] = await tx<{ ok: boolean }[]>`select public.mark_team_chat_read(${teamId}) as ok`;
  return row?.ok ?? false;
}

type SummaryRow = {
  team_id: string;
  team_name: string;
  member_count: number;
  last_content: string | null;
  last_created_at: string | null;
  last_sender_id: string | null;
  last_sender_name: string | null;
  unread_count: number;
};

/** The signed-in athlete's team chats, most recent activity first. */
export async function listMyTeamChats(tx: Tx): Promise<TeamChatSummary[]> {
  const rows = await tx<SummaryRow[]>`
    select team_id, team_name, member_count, last_content, to_json(last_created_at) #>> '{}' as last_created_at,
           last_sender_id, last_sender_name, unread_count
    from public.list_my_team_chats()`;
  return rows.map((r) => ({
    team_id: r.team_id,
    team_name: r.team_name,
    member_count: r.member_count,
    last_message:
      r.last_content !== null && r.last_created_at && r.last_sender_id
        ? {
            content: r.last_content,
            created_at: r.last_created_at,
            sender_id: r.last_sender_id,
            sender_name: r.last_sender_name ?? "Unknown User",
          }
        : null,
    unread_count: r.unread_count,
  }));
}

/** The teams whose chat the signed-in athlete is in (for the live inbox's filter). */
export async function myTeamChatIds(tx: Tx): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`select private.my_team_chat_ids() as id`;
  return rows.map((r) => r.id);
}
