import "server-only";
import type { Tx } from "@/lib/db";
import type { TeamRole } from "@/lib/validation/team";

// What follows a change of roster (supabase/schema.sql): the athlete's
// question about staying listed as looking for a team, and the creator's "Mark urgent again". Read as the
// signed-in user: RLS shows an athlete only their own prompt and a creator only their own team's cover.

/**
 * "joined": now in a team, so no longer listed; "left": no longer in any team, so asked about listing.
 * `created`: the team is the athlete's own new one (they joined it by creating it).
 */
export type LookingPrompt = {
  reason: "joined" | "left";
  team_id: string | null;
  team_name: string;
  created: boolean;
};

export async function findMyLookingPrompt(tx: Tx): Promise<LookingPrompt | null> {
  const [row] = await tx<LookingPrompt[]>`
    select q.reason, q.team_id, q.team_name, coalesce(t.creator_id = (select auth.uid()), false) as created
    from public.looking_prompts q left join public.teams t on t.id = q.team_id
    limit 1`;
  return row ?? null;
}

/** Listed (true) or not (false) as looking for a team; the prompt is answered either way. */
export async function answerLookingPrompt(tx: Tx, listed: boolean): Promise<{ profileId: string }> {
  await tx`select public.answer_looking_prompt(${listed})`;
  const [me] = await tx<{ id: string }[]>`
    select p.id from public.profiles p where p.auth_id = (select auth.uid())`;
  return { profileId: me!.id };
}

/**
 * The urgent need a member covered and then left before its day, while it can still be marked again: the
 * day is today or later, its leg is open again and the team has no other urgent need. Null otherwise.
 */
export type UrgentLapse = { role: TeamRole; needed_by: string };

export async function findUrgentLapse(tx: Tx, teamId: string): Promise<UrgentLapse | null> {
  const [row] = await tx<UrgentLapse[]>`
    select f.role, f.needed_by::text as needed_by
    from public.team_urgent_fills f
    join public.teams t on t.id = f.team_id
    where f.team_id = ${teamId} and f.lapsed_at is not null
      and f.needed_by >= (now() at time zone 'Australia/Brisbane')::date
      and t.status = 'open' and t.urgent_role is null
      and f.role = any (public.team_open_legs(t))`;
  return row ?? null;
}

export async function markUrgentAgain(tx: Tx, teamId: string) {
  await tx`select id from public.mark_urgent_again(${teamId})`;
}

export async function dismissUrgentLapse(tx: Tx, teamId: string) {
  await tx`select public.dismiss_urgent_lapse(${teamId})`;
}
