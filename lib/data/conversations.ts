import "server-only";
import type { Tx } from "@/lib/db";
import type { ConversationSummary } from "@/lib/conversations/types";

type ListRow = {
  id: string;
  updated_at: string;
  other_id: string | null;
  other_username: string | null;
  other_full_name: string | null;
  other_avatar_url: string | null;
  other_photo_path: string | null;
  last_content: string | null;
  last_created_at: string | null;
  last_sender_id: string | null;
  unread_count: number;
};

function toSummary(row: ListRow): ConversationSummary {
  return {
    id: row.id,
    updated_at: row.updated_at,
    other_participant: row.other_id
      ? {
          id: row.other_id,
          username: row.other_username ?? "",
          full_name: row.other_full_name ?? "",
          avatar_url: row.other_avatar_url,
          photo_path: row.other_photo_path,
        }
      : null,
    last_message:
      row.last_content !== null && row.last_created_at
        ? { content: row.last_content, created_at: row.last_created_at, sender_id: row.last_sender_id }
        : null,
    unread_count: row.unread_count,
  };
}

// Timestamps as ISO text with Postgres' microseconds (a JS Date would cut them to milliseconds).
const select = (tx: Tx, limit: number, only: string | null) => tx<ListRow[]>`
  select id, to_json(updated_at) #>> '{}' as updated_at, other_id, other_username, other_full_name,
         other_avatar_url, private.visible_photo_path(other_id) as other_photo_path, last_content, to_json(last_created_at) #>> '{}' as last_created_at,
         last_sender_id, unread_count
  from public.list_my_conversations(${limit}::int, ${only}::uuid)`;

/** The signed-in athlete's conversations, newest first, in one query (see list_my_conversations). */
export async function listConversations(tx: Tx, limit = 50): Promise<ConversationSummary[]> {
  return (await select(tx, limit, null)).map(toSummary);
}

/** One of the signed-in athlete's conversations; null when missing or someone else's. */
export async function findConversation(tx: Tx, id: string): Promise<ConversationSummary | null> {
  const [row] = await select(tx, 1, id);
  return row ? toSummary(row) : null;
}

/** The conversation with `otherProfileId`, created when missing (SQL function; errors carry a detail). */
export async function startConversation(tx: Tx, otherProfileId: string): Promise<string> {
  const [row] = await tx<{ id: string }[]>`select public.start_conversation(${otherProfileId}::uuid) as id`;
  return row!.id;
}

/** Unread messages from others over all the signed-in athlete's conversations (the top-bar badge). */
export async function unreadMessageCount(tx: Tx): Promise<number> {
  const [row] = await tx<{ n: number }[]>`select public.unread_message_count() as n`;
  return row?.n ?? 0;
}

/** The signed-in athlete's profile id (null without a profile), as RLS sees the transaction's user. */
export async function myProfileId(tx: Tx): Promise<string | null> {
  const [row] = await tx<{ id: string }[]>`
    select id from public.profiles where auth_id = (select auth.uid())`;
  return row?.id ?? null;
}
