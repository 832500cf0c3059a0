import "server-only";
import { revalidatePath, revalidateTag } from "next/cache";
import { publicProfileTag } from "./profiles";

/**
 * After a create or edit: the public page, its social card and the sitemap show the new data on the next
 * request (expire now rather than serve stale: the owner is about to look at their page).
 */
export function revalidateProfile(id: string) {
  revalidateTag(publicProfileTag(id), { expire: 0 });
  revalidateTag("public-profiles", { expire: 0 });
  revalidatePath(`/profile/${id}`);
  revalidatePath("/sitemap.xml");
}
