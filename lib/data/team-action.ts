import "server-only";
import { revalidatePath, revalidateTag } from "next/cache";
import {
  action,
  type ActionContext,
  type ActionOptions,
  type Arg,
  type Inputs,
} from "@/lib/server-action/define-action";
import { publicTeamsTag } from "./public-teams";

/** Every page that shows a team, its roster or its open legs, refreshed after a team write. */
export function revalidateTeamPages() {
  // Team pages are rendered per request; browse may cache its open-team list.
  revalidatePath("/teams", "layout");
  revalidatePath("/browse");
  // Public team pages, their cards and the sitemap's open teams (docs/product.md#public-team-pages): shown fresh on the next request.
  revalidateTag(publicTeamsTag, { expire: 0 });
  revalidatePath("/sitemap.xml");
  // The landing pages list the urgent teams: a new or filled need shows on their next request.
  revalidatePath("/[landing]", "page");
  // Joining or leaving a team changes whether the athlete is listed as looking for one (their public
  // profile's badge, Browse's athletes).
  revalidateTag("public-profiles", { expire: 0 });
}

/**
 * A team write as the signed-in user (`action`, then the team pages revalidated). The SQL functions carry
 * the rules and refuse with their own texts (docs/product.md#teams), which the athlete reads as they are.
 */
export function teamAction<const A extends readonly Arg[], T extends object>(
  options: Omit<ActionOptions<A, object, "user">, "onSuccess">,
  write: (ctx: ActionContext<"user">, ...inputs: Inputs<A>) => Promise<T>,
) {
  return action<A, { ok: true } & T>(
    { ...options, onSuccess: revalidateTeamPages },
    async (ctx, ...inputs) => ({
      ok: true as const,
      ...(await write(ctx, ...inputs)),
    }),
  );
}
