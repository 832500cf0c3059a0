import "server-only";
import type { Tx } from "@/lib/db";
import type { ExperienceLevel, TrainingDay, TrainingTime } from "@/lib/validation/profile";
import { teamIdSchema, type TeamRole, type TeamStatus } from "@/lib/validation/team";

/** A team as the pages show it (docs/product.md#teams), with the legs its active members cover. */
export type Team = {
  id: string;
  name: string;
  description: string;
  location: string | null;
  /** The creator's account id (auth id), not their profile id. */
  creator_id: string;
  status: TeamStatus;
  max_members: number;
  requirements: { roles: TeamRole[]; experience_levels: ExperienceLevel[] };
  training_schedule: { days: TrainingDay[]; times: TrainingTime[] };
  /** Urgent vacancy: the leg needed and the Noosa calendar day (YYYY-MM-DD) it is needed by. */
  urgent_role: TeamRole | null;
  urgent_by: string | null;
  created_at: string;
  updated_at: string;
  active_count: number;
  covered_roles: TeamRole[];
  /**
   * What the team still needs: its required legs no active member races, swim, bike, run order
   * (public.team_open_legs). Every "looking for" reads this, never the requirements alone.
   */
  open_legs: TeamRole[];
};

/** One row of the member list (public.team_roster): names are null where the viewer may not see them. */
export type TeamMember = {
  member_id: string;
  profile_id: string;
  role: TeamRole;
  status: "active" | "pending";
  joined_at: string;
  username: string | null;
  full_name: string | null;
  experience_level: ExperienceLevel | null;
  profile_public: boolean;
  is_creator: boolean;
  /** A pending request whose leg an active member races now: accepted only as a leg the creator picks. */
  leg_taken: boolean;
  /** The photo's path when the viewer may see it and the member's name (private.visible_photo_path). */
  photo_path: string | null;
};

export type TeamWithMembers = Team & { members: TeamMember[] };

type Row<T> = Omit<T, "created_at" | "updated_at" | "joined_at"> & {
  created_at?: Date;
  updated_at?: Date;
  joined_at?: Date;
};

const iso = (d: Date | undefined) => (d ? d.toISOString() : "");

function toTeam(row: Row<Team>): Team {
  return {
    ...row,
    covered_roles: [...(row.covered_roles ?? [])].sort(),
    open_legs: [...(row.open_legs ?? [])],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

// Teams with their active members' count and legs; RLS decides which teams and member rows are seen.
const selectTeams = (tx: Tx) => tx`
  select t.id, t.name, t.description, t.location, t.creator_id, t.status, t.max_members, t.requirements,
         t.training_schedule, t.urgent_role, t.urgent_by::text as urgent_by, t.created_at, t.updated_at,
         coalesce(c.active_count, 0) as active_count, coalesce(c.roles, '{}') as covered_roles,
         public.team_open_legs(t) as open_legs
  from public.teams t
  left join lateral (
    select count(*)::int as active_count, array_agg(distinct m.role) as roles
    from public.team_members m where m.team_id = t.id and m.status = 'active'
  ) c on true`;

// Noosa's calendar day, for "urgent" (an open team whose urgent_by is today or later there).
const noosaToday = (tx: Tx) => tx`(now() at time zone 'Australia/Brisbane')::date`;

/** The team account `authId` created (at most one), or null. */
export async function findTeamByCreator(tx: Tx, authId: string): Promise<Team | null> {
  const [row] = await tx<Row<Team>[]>`${selectTeams(tx)} where t.creator_id = ${authId}`;
  return row ? toTeam(row) : null;
}

/** Teams the profile created or is an active member of: the creator's own first, then by joining. */
export async function listMyTeams(tx: Tx, authId: string, profileId: string | null): Promise<Team[]> {
  const rows = await tx<Row<Team>[]>`
    ${selectTeams(tx)}
    where t.creator_id = ${authId}
       or exists (select 1 from public.team_members m
                  where m.team_id = t.id and m.profile_id = ${profileId} and m.status = 'active')
    order by (t.creator_id = ${authId}) desc, t.created_at desc`;
  return rows.map(toTeam);
}

/**
 * Open teams, urgent ones first (by the day they need someone), then newest. `excludeCreator` leaves out
 * the viewer's own team. Works for visitors too (RLS lets anyone read open teams), so browse can use it.
 */
export async function listOpenTeams(
  tx: Tx,
  { excludeCreator = null, limit = 100 }: { excludeCreator?: string | null; limit?: number } = {},
): Promise<Team[]> {
  const rows = await tx<Row<Team>[]>`
    ${selectTeams(tx)}
    where t.status = 'open' and (${excludeCreator}::uuid is null or t.creator_id <> ${excludeCreator}::uuid)
    order by coalesce(t.urgent_by >= ${noosaToday(tx)}, false) desc,
             case when t.urgent_by >= ${noosaToday(tx)} then t.urgent_by end asc nulls last,
             t.created_at desc
    limit ${limit}`;
  return rows.map(toTeam);
}

/**
 * A team the viewer may see, with its member list (public.team_roster); null when missing or hidden.
 * Signed-in users only: the roster function is not granted to visitors (team pages are protected).
 */
export async function findTeamWithMembers(tx: Tx, id: string): Promise<TeamWithMembers | null> {
  if (!teamIdSchema.safeParse(id).success) return null;
  // Asked together (one round trip): team_roster answers nothing for a team that is missing or hidden.
  const [[row], members] = await Promise.all([
    tx<Row<Team>[]>`${selectTeams(tx)} where t.id = ${id}`,
    // A face only beside a name: the roster hides a private member's name from some who may see their photo.
    tx<Row<TeamMember>[]>`
      select r.*, case when r.full_name is not null then private.visible_photo_path(r.profile_id) end as photo_path
      from public.team_roster(${id}) r`,
  ]);
  if (!row) return null;
  return { ...toTeam(row), members: members.map((m) => ({ ...m, joined_at: iso(m.joined_at) })) };
}
