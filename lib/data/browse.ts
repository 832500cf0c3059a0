import "server-only";
import type { Tx } from "@/lib/db";
import type { BrowseFilters } from "@/lib/browse/filters";
import { pageSizes } from "@/lib/browse/filters";
import type { ExperienceLevel, Specialty, TrainingDay, TrainingTime } from "@/lib/validation/profile";
import type { FaceImage } from "@/lib/photos/face-image";

/** An open team as the listing shows it (docs/product.md#teams, plus the urgent vacancy and live member count). */
export type ListedTeam = {
  id: string;
  name: string;
  description: string;
  location: string | null;
  creator_id: string;
  status: "open" | "full" | "closed";
  max_members: number;
  requirements: { roles: Specialty[]; experience_levels: ExperienceLevel[] };
  training_schedule: { days: TrainingDay[]; times: TrainingTime[] };
  urgent_role: Specialty | null;
  /** yyyy-mm-dd, a day in Noosa's time zone. */
  urgent_by: string | null;
  /** Active members, and the legs they cover (the team card shows both: docs/product.md#teams). */
  active_count: number;
  covered_roles: Specialty[];
  /** The required legs no active member races (public.team_open_legs): what the card says it looks for. */
  open_legs: Specialty[];
};

/** A public, looking-for-team athlete as the listing shows it. Never the e-mail (not even selectable). */
export type ListedAthlete = {
  id: string;
  auth_id: string;
  username: string;
  full_name: string;
  location: string;
  specialty: Specialty;
  experience_level: ExperienceLevel;
  training_preference: string | null;
  goals: string;
  /** The photo's path when the reader may see it (private.visible_photo_path), and its face image. */
  photo_path: string | null;
  photo?: FaceImage | null;
};

export type Listing<T> = { items: T[]; total: number };

/** The viewer's leg when "needs my specialty" is on and they have a profile; else no such filter. */
// `signedIn`: leave out the athletes between whom and the viewer there is a block, either way (docs/security.md#blocks).
export type Viewer = { specialty?: Specialty | null; signedIn?: boolean };

// Noosa's calendar day: an urgent need counts while its day is today or later there.
const noosaToday = (tx: Tx) => tx`(now() at time zone 'Australia/Brisbane')::date`;

const teamColumns = (tx: Tx) => tx`
  t.id, t.name, t.description, t.location, t.creator_id, t.status, t.max_members, t.requirements,
  t.training_schedule, t.urgent_role, to_char(t.urgent_by, 'YYYY-MM-DD') as urgent_by,
  coalesce(c.active_count, 0) as active_count, coalesce(c.roles, '{}') as covered_roles,
  (select public.team_open_legs(x) from public.teams x where x.id = t.id) as open_legs`;
const memberCounts = (tx: Tx) => tx`
  left join lateral (
    select count(*)::int as active_count, array_agg(distinct m.role) as roles
    from public.team_members m where m.team_id = t.id and m.status = 'active'
  ) c on true`;

/**
 * Open teams, urgent ones first (by the day they need someone; a past day no longer counts), then newest;
 * filtered by a leg they need and a level they accept. One page plus the total, in one round trip (issue
 * 22: each wait on Postgres costs the one Node process a write, a read and a turn of its loop). The two
 * parts are read separately, each in the order of its partial index (teams_open_urgent_idx,
 * teams_open_created_idx) and only as far as the page's end, so a page never sorts every open team; the
 * member counts are read for the page's rows only.
 */
export async function listOpenTeams(
  tx: Tx,
  f: BrowseFilters,
  viewer: Viewer = {},
): Promise<Listing<ListedTeam>> {
  const role = f.mine && viewer.specialty ? viewer.specialty : f.role;
  // Containment, so the filter is a lookup in teams_open_requirements_idx (GIN); a team "needs" a leg only
  // while it is open (public.team_open_legs), so the few teams that require it are then checked for that.
  const needs = { ...(role ? { roles: [role] } : {}), ...(f.level ? { experience_levels: [f.level] } : {}) };
  const where = tx`t.status = 'open' ${role || f.level ? tx`and t.requirements @> ${JSON.stringify(needs)}::text::jsonb` : tx``}
    ${role ? tx`and ${role}::text = any (public.team_open_legs(t))` : tx``}
    ${viewer.signedIn ? tx`and t.creator_id not in (select b.auth_id from private.my_blocked_profiles() b)` : tx``}`;
  const size = pageSizes.teams;
  const offset = (f.teamPage - 1) * size;
  const fields = tx`t.id, t.name, t.description, t.location, t.creator_id, t.status, t.max_members,
    t.requirements, t.training_schedule, t.urgent_role, t.urgent_by, t.created_at`;
  // Urgent ones (part 0) by their day, then the rest (part 1) newest first.
  const order = tx`t.part, case when t.part = 0 then t.urgent_by end, t.created_at desc`;

  const [rows, [count]] = await Promise.all([
    tx<ListedTeam[]>`
      select ${teamColumns(tx)}
      from (
        select * from (
          (select ${fields}, 0 as part from public.teams t
            where ${where} and t.urgent_by is not null and t.urgent_by >= ${noosaToday(tx)}
            order by t.urgent_by, t.created_at desc limit ${offset + size})
          union all
          (select ${fields}, 1 as part from public.teams t
            where ${where} and (t.urgent_by is null or t.urgent_by < ${noosaToday(tx)})
            order by t.created_at desc limit ${offset + size})
        ) t
        order by ${order}
        limit ${size} offset ${offset}
      ) t ${memberCounts(tx)}
      order by ${order}`,
    tx<{ n: number }[]>`select count(*)::int as n from public.teams t where ${where}`,
  ]);
  return { items: rows, total: count!.n };
}

/**
 * Public athletes looking for a team, newest first, filtered by specialty and level. With "needs my
 * specialty" on: athletes of the other legs, the ones a team with the viewer would need.
 */
export async function listAthletes(
  tx: Tx,
  f: BrowseFilters,
  viewer: Viewer = {},
): Promise<Listing<ListedAthlete>> {
  const others = f.mine && viewer.specialty ? viewer.specialty : undefined;
  const where = tx`p.is_public and p.looking_for_team
    ${f.role ? tx`and p.specialty = ${f.role}` : tx``}
    ${others ? tx`and p.specialty <> ${others}` : tx``}
    ${f.level ? tx`and p.experience_level = ${f.level}` : tx``}
    ${viewer.signedIn ? tx`and p.id not in (select b.profile_id from private.my_blocked_profiles() b)` : tx``}`;
  const size = pageSizes.athletes;
  const [rows, [count]] = await Promise.all([
    // The photo is asked for on the page's rows only: in the inner select list a sorted plan would ask it
    // for every athlete that matches before the limit.
    tx<ListedAthlete[]>`
      select page.id, page.auth_id, page.username, page.full_name, page.location, page.specialty,
        page.experience_level, page.training_preference, page.goals,
        private.visible_photo_path(page.id) as photo_path
      from (
        select p.id, p.auth_id, p.username, p.full_name, p.location ->> 'display_name' as location, p.specialty,
          p.experience_level, p.training_preference, p.goals, p.created_at
        from public.profiles p
        where ${where}
        order by p.created_at desc, p.id
        limit ${size} offset ${(f.athletePage - 1) * size}
      ) page
      order by page.created_at desc, page.id`,
    tx<{ n: number }[]>`select count(*)::int as n from public.profiles p where ${where}`,
  ]);
  return { items: rows, total: count!.n };
}
