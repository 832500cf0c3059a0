import "server-only";
import { withRls, type Tx } from "@/lib/db";
import type { Specialty } from "@/lib/validation/profile";
import { publicRead, publicProfilesTag, publicTeamsTag } from "./public-cache";

/** The landing pages' live numbers: what a visitor who searched "need a runner today" wants to see. */
export type LiveNumbers = {
  /** Open teams that still need a leg (public.team_open_legs): an open team whose every leg is raced is not counted. */
  openTeams: number;
  /** Open teams whose urgent day is today or later (Noosa time), per leg they need (always an open leg). */
  urgent: Record<Specialty, number>;
  athletes: number;
};

/**
 * Read as anon, so RLS alone already hides private profiles and closed teams; the WHEREs say so too.
 * Each count is an index scan on a partial index (see the browse indexes migration); the team counts then
 * ask public.team_open_legs of each open team (one index probe on team_members per team).
 */
export async function readLiveNumbers(tx: Tx): Promise<LiveNumbers> {
  const [row] = await tx<{ open_teams: number; athletes: number; urgent: Record<string, number> | null }[]>`
    select
      (select count(*)::int from public.teams t
       where t.status = 'open' and cardinality(public.team_open_legs(t)) > 0) as open_teams,
      (select count(*)::int from public.profiles where is_public and looking_for_team) as athletes,
      (select jsonb_object_agg(urgent_role, n) from (
         select urgent_role, count(*)::int as n from public.teams t
         where t.status = 'open' and t.urgent_role is not null
           and t.urgent_by >= (now() at time zone 'Australia/Brisbane')::date
           and t.urgent_role = any (public.team_open_legs(t))
         group by urgent_role) u) as urgent`;
  const urgent = row?.urgent ?? {};
  return {
    openTeams: row?.open_teams ?? 0,
    athletes: row?.athletes ?? 0,
    urgent: { swimmer: urgent.swimmer ?? 0, cyclist: urgent.cyclist ?? 0, runner: urgent.runner ?? 0 },
  };
}

/**
 * The numbers for a cached public page (the landing pages, `/`), through the public cache: team writes and
 * profile edits expire them (lib/data/public-cache.ts). A failed read is thrown, never cached as zeros.
 */
export function getLiveNumbers(): Promise<LiveNumbers> {
  return publicRead(["live-numbers"], () => withRls(null, readLiveNumbers), {
    tags: [publicTeamsTag, publicProfilesTag],
    backstop: 300,
  });
}
