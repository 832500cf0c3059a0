import "server-only";
import { revalidateTag } from "next/cache";
import { publicProfilesTag } from "./public-cache";
import { publicProfileTag } from "./profiles";

/**
 * After a create or edit: the public page and its social card, and every cached surface that lists or
 * counts athletes (Browse, the landing counts, team member names, the sitemap), show the new data on the
 * next request (expire now rather than serve stale: the owner is about to look at their page).
 */
export function revalidateProfile(id: string) {
  revalidateTag(publicProfileTag(id), { expire: 0 });
  revalidateTag(publicProfilesTag, { expire: 0 });
}
