import "server-only";
import type { MetadataRoute } from "next";
import { withRls, type Tx } from "@/lib/db";
import { absoluteUrl } from "@/lib/site";
import { teamIdSchema } from "@/lib/validation/team";
import { publicProfilesTag, publicRead, publicTeamsTag } from "./public-cache";
import { findTeamWithMembers, type TeamWithMembers } from "./teams";

// Public team pages (docs/product.md#public-team-pages): read as a visitor, so RLS and public.team_roster decide what a shared link
// shows (open and full teams; active members; names of public profiles only). Closed teams read as null.

/**
 * One team's public page data, cached until a team write expires the tag (or a profile edit: member names),
 * with the hour as a backstop. A failed read is thrown, never cached.
 */
export function getPublicTeam(id: string): Promise<TeamWithMembers | null> {
  if (!teamIdSchema.safeParse(id).success) return Promise.resolve(null);
  return publicRead(["public-team", id], () => withRls(null, (tx) => findTeamWithMembers(tx, id)), {
    tags: [publicTeamsTag, publicProfilesTag],
    backstop: 3600,
  });
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

/** Sitemap entries of open teams; a failed read is thrown (app/sitemap.ts decides). */
export async function openTeamSitemapEntries(): Promise<MetadataRoute.Sitemap> {
  const entries = await publicRead(
    ["open-team-entries"],
    () => withRls(null, (tx) => listOpenTeamEntries(tx)),
    {
      tags: [publicTeamsTag],
      backstop: 3600,
    },
  );
  return entries.map((t) => ({
    url: absoluteUrl(`/teams/${t.id}`),
    lastModified: new Date(t.updated_at),
    changeFrequency: "daily" as const,
    priority: 0.7,
  }));
}
