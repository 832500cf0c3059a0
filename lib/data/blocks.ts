import "server-only";
import type { Tx } from "@/lib/db";

/** What an athlete between a blocked pair reads, whoever blocked whom (supabase/migrations/*_moderation.sql). */
export const blockedText = "You can't message this athlete";

export type BlockedAthlete = {
  profile_id: string;
  username: string;
  full_name: string;
  avatar_url: string | null;
};

/** Blocks athlete `profileId` as the signed-in athlete; a repeat changes nothing. */
export async function blockAthlete(tx: Tx, profileId: string): Promise<void> {
  await tx`select public.block_athlete(${profileId})`;
}

export async function unblockAthlete(tx: Tx, profileId: string): Promise<void> {
  await tx`select public.unblock_athlete(${profileId})`;
}

/** The signed-in athlete's blocked athletes, newest first (Settings → Blocked athletes). */
export async function listMyBlocks(tx: Tx): Promise<BlockedAthlete[]> {
  return tx<
    BlockedAthlete[]
  >`select profile_id, username, full_name, avatar_url from public.list_my_blocks()`;
}

/** False when either of the signed-in athlete and `profileId` has blocked the other. */
export async function canMessage(tx: Tx, profileId: string): Promise<boolean> {
  const [row] = await tx<{ ok: boolean }[]>`select public.can_message(${profileId}) as ok`;
  return row?.ok ?? false;
}
