import "server-only";
import type { Tx } from "@/lib/db";
import { partnerPlaces, type PartnerPlace } from "@/lib/browse/partner-places";
import { pageSizes } from "@/lib/browse/filters";
import type { Specialty } from "@/lib/labels";
import type { ListedAthlete, Listing, Viewer } from "./browse";

export type PartnerFilters = { role?: Specialty; place?: PartnerPlace; page: number };

/**
 * Public athletes open to training partners (profiles.open_to_training), newest first, by leg and by place
 * (their place names it). Looking for a team or not, in a team or not. The same rules as the athlete
 * listing (lib/data/browse.ts listAthletes): RLS shows public profiles only (a moderator's hide makes one
 * private), and a signed-in reader does not see those with whom there is a block either way.
 */
export async function listTrainingPartners(
  tx: Tx,
  f: PartnerFilters,
  viewer: Viewer = {},
  size: number = pageSizes.athletes,
): Promise<Listing<ListedAthlete>> {
  const where = tx`p.is_public and p.open_to_training
    ${f.role ? tx`and p.specialty = ${f.role}` : tx``}
    ${f.place ? tx`and p.location ->> 'display_name' ilike ${`%${partnerPlaces[f.place]}%`}` : tx``}
    ${viewer.signedIn ? tx`and p.id not in (select b.profile_id from private.my_blocked_profiles() b)` : tx``}`;
  const [rows, [count]] = await Promise.all([
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
        limit ${size} offset ${(f.page - 1) * size}
      ) page
      order by page.created_at desc, page.id`,
    tx<{ n: number }[]>`select count(*)::int as n from public.profiles p where ${where}`,
  ]);
  return { items: rows, total: count!.n };
}
