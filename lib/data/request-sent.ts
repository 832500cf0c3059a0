import "server-only";
import type { Tx } from "@/lib/db";
import type { TeamRole } from "@/lib/validation/team";

/** The viewer's join request to a team the other participant created, for the thread's "Request sent" card. */
export type RequestSent = {
  member_id: string;
  team_id: string;
  team_name: string;
  role: TeamRole;
  status: "pending" | "active" | "declined";
  /** Whether the requester gets the decision by e-mail (their "answers to your requests" switch). */
  decision_emails: boolean;
  /** Still pending, and another athlete races the leg asked for now (public.team_roster). */
  leg_taken: boolean;
};

/**
 * The newest request the viewer sent to a team created by the other participant of `conversationId`: while
 * it waits, and for two weeks after it was answered. Under RLS (the viewer's own rows); the creator is
 * found through public.team_roster, which names a team's creator to whoever may see the team.
 */
export async function findRequestSent(tx: Tx, conversationId: string): Promise<RequestSent | null> {
  const [row] = await tx<RequestSent[]>`
    select m.id as member_id, t.id as team_id, t.name as team_name, m.role, m.status,
           coalesce(s.decisions, true) as decision_emails,
           m.status = 'pending' and coalesce((select x.leg_taken from public.team_roster(t.id) x
                                              where x.member_id = m.id), false) as leg_taken
    from public.conversations c
    join public.profiles me on me.auth_id = (select auth.uid())
    join public.team_members m on m.profile_id = me.id
    join public.teams t on t.id = m.team_id
    left join public.notification_settings s on s.profile_id = me.id
    where c.id = ${conversationId} and me.id in (c.participant_one_id, c.participant_two_id)
      and t.creator_id <> me.auth_id
      and (m.status = 'pending' or (m.status in ('active', 'declined') and m.joined_at > now() - interval '14 days'))
      -- An accepted invitation made a membership too, but it was not a request.
      and not exists (select 1 from public.team_invitations i
                      where i.team_id = m.team_id and i.profile_id = me.id and i.status = 'accepted')
      and exists (select 1 from public.team_roster(t.id) r
                  where r.is_creator and r.profile_id = case when c.participant_one_id = me.id
                                                             then c.participant_two_id else c.participant_one_id end)
    order by m.joined_at desc
    limit 1`;
  return row ?? null;
}
