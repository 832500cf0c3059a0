import "server-only";
import type { Tx } from "@/lib/db";
import type { ExperienceLevel } from "@/lib/validation/profile";
import type { TeamRole } from "@/lib/validation/team";

// What needs the athlete now, for the dashboard's first card: requests to decide, invitations to answer,
// their team's open legs, and the requests they sent. Read under RLS as the signed-in athlete; the pending
// requests come from public.team_roster, which shows the creator a requester's name even when private.

export type RequestToDecide = {
  member_id: string;
  team_id: string;
  team_name: string;
  full_name: string | null;
  role: TeamRole;
  experience_level: ExperienceLevel | null;
  /** Another athlete races the leg asked for now: the creator picks a leg on the request's page. */
  leg_taken: boolean;
};
export type InvitationToAnswer = { id: string; team_id: string; team_name: string; role: TeamRole };
export type TeamNeed = {
  team_id: string;
  team_name: string;
  own: boolean;
  open_legs: TeamRole[];
  urgent_role: TeamRole | null;
  urgent_by: string | null;
};
export type SentRequest = {
  member_id: string;
  team_id: string;
  team_name: string;
  role: TeamRole;
  status: "pending" | "active" | "declined";
  /** Still pending, and another athlete races the leg asked for now (public.team_roster). */
  leg_taken: boolean;
};
export type NeedsYou = {
  toDecide: RequestToDecide[];
  invitations: InvitationToAnswer[];
  teams: TeamNeed[];
  sent: SentRequest[];
};

const me = (tx: Tx, authId: string) => tx`(select id from public.profiles where auth_id = ${authId})`;

// An answered request stays in "Requests you sent" for two weeks, long enough to be seen.
const answeredShownFor = "14 days";

export async function readNeedsYou(tx: Tx, authId: string): Promise<NeedsYou> {
  const [toDecide, invitations, teams, sent] = await Promise.all([
    tx<RequestToDecide[]>`
      select r.member_id, t.id as team_id, t.name as team_name, r.full_name, r.role, r.experience_level,
             r.leg_taken
      from public.teams t cross join lateral public.team_roster(t.id) r
      where t.creator_id = ${authId} and r.status = 'pending'
      order by r.joined_at
      limit 10`,
    tx<InvitationToAnswer[]>`
      select i.id, i.team_id, t.name as team_name, i.role
      from public.team_invitations i join public.teams t on t.id = i.team_id
      where i.profile_id = ${me(tx, authId)} and i.status = 'pending' and t.status = 'open'
      order by i.created_at desc
      limit 5`,
    // The open teams the athlete races in, with their open legs (public.team_open_legs: the one rule).
    tx<TeamNeed[]>`
      select t.id as team_id, t.name as team_name, t.creator_id = ${authId} as own,
             public.team_open_legs(t) as open_legs,
             case when t.urgent_by >= (now() at time zone 'Australia/Brisbane')::date then t.urgent_role end
               as urgent_role,
             case when t.urgent_by >= (now() at time zone 'Australia/Brisbane')::date then t.urgent_by::text end
               as urgent_by
      from public.teams t
      where t.status = 'open'
        and (t.creator_id = ${authId} or exists (
          select 1 from public.team_members m
          where m.team_id = t.id and m.profile_id = ${me(tx, authId)} and m.status = 'active'))
      order by (t.creator_id = ${authId}) desc, t.created_at desc
      limit 2`,
    tx<SentRequest[]>`
      select m.id as member_id, t.id as team_id, t.name as team_name, m.role, m.status,
             coalesce(r.leg_taken, false) as leg_taken
      from public.team_members m join public.teams t on t.id = m.team_id
      left join lateral (select x.leg_taken from public.team_roster(t.id) x where x.member_id = m.id) r
        on m.status = 'pending'
      where m.profile_id = ${me(tx, authId)} and t.creator_id <> ${authId}
        -- An accepted invitation made a membership too, but it was not a request they sent.
        and not exists (select 1 from public.team_invitations i
                        where i.team_id = m.team_id and i.profile_id = m.profile_id and i.status = 'accepted')
        and (m.status = 'pending'
             or (m.status in ('active', 'declined') and m.joined_at > now() - ${answeredShownFor}::interval))
      order by m.joined_at desc
      limit 5`,
  ]);
  return { toDecide, invitations, teams: teams.filter((t) => t.open_legs.length > 0), sent };
}

/** Whether anything in it asks the athlete to act (requests to decide, invitations to answer). */
export function waitingCount(needs: NeedsYou): number {
  return needs.toDecide.length + needs.invitations.length;
}

export type Waiting = {
  requests: { member_id: string; team_id: string }[];
  invitations: { id: string; team_id: string }[];
};

/** The decisions waiting for the athlete (the Teams page says so above My Team). */
export async function readWaiting(tx: Tx, authId: string): Promise<Waiting> {
  const [requests, invitations] = await Promise.all([
    tx<Waiting["requests"]>`
      select m.id as member_id, m.team_id from public.team_members m join public.teams t on t.id = m.team_id
      where t.creator_id = ${authId} and m.status = 'pending'
        and m.profile_id <> ${me(tx, authId)}
      order by m.joined_at`,
    tx<Waiting["invitations"]>`
      select i.id, i.team_id from public.team_invitations i join public.teams t on t.id = i.team_id
      where i.profile_id = ${me(tx, authId)} and i.status = 'pending' and t.status = 'open'
      order by i.created_at desc`,
  ]);
  return { requests, invitations };
}
