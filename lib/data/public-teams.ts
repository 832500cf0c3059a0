import "server-only";
import type { MetadataRoute } from "next";
import { unstable_cache } from "next/cache";
import { withRls, type Tx } from "@/lib/db";
import { absoluteUrl } from "@/lib/site";
import { teamIdSchema } from "@/lib/validation/team";
import { findTeamWithMembers, type TeamWithMembers } from "./teams";

// Public team pages (docs/product.md#public-team-pages): read as a visitor, so RLS and public.team_roster decide what a shared link
// shows (open and full teams; active members; names of public profiles only). Closed teams read as null.

/** Tag of every public team read; team writes expire it (lib/data/team-action.ts). */
export const publicTeamsTag = "public-teams";

/**
 * One team's public page data, cached until a team write expires the tag (or a profile edit: member names),
 * with the hour as a backstop.
 */
export function getPublicTeam(id: string): Promise<TeamWithMembers | null> {
  if (!teamIdSchema.safeParse(id).success) return Promise.resolve(null);
  return unstable_cache(() => withRls(null, (tx) => findTeamWithMembers(tx, id)), ["public-team", id], {
    tags: [publicTeamsTag, "public-profiles"],
    revalidate: 3600,
  })();
}

/**
 * Teams for the sitemap: open ones that still need a leg (public.team_open_legs). A full or closed team
 * leaves it, and so does an open one whose every leg is raced: it is not advertised as needing anyone.
 */
export async function listOpenTeamEntries(
  tx: Tx,
  limit = 5000,
): Promise<{ id: string; updated_at: string }[]> {
  const rows = await tx<{ id: string; updated_at: Date }[]>`
    select t.id, t.updated_at from public.teams t
    where t.status = 'open' and cardinality(public.team_open_legs(t)) > 0
    order by t.updated_at desc limit ${limit}`;
  return rows.map((r) => ({ id: r.id, updated_at: r.updated_at.toISOString() }));
}

/** Sitemap entries of open teams; none when the database is unreachable (a build without one). */
export async function openTeamSitemapEntries(): Promise<MetadataRoute.Sitemap> {
  try {
    const entries = await unstable_cache(
      () => withRls(null, (tx) => listOpenTeamEntries(tx)),
      ["open-team-entries"],
      {
        tags: [publicTeamsTag],
        revalidate: 3600,
      },
    )();
    return entries.map((t) => ({
      url: absoluteUrl(`/teams/${t.id}`),
      lastModified: new Date(t.updated_at),
      changeFrequency: "daily" as const,
      priority: 0.7,
    }));
  } catch (error) {
    console.error("sitemap: open teams unavailable", { message: (error as Error).message });
    return [];
  }
}
