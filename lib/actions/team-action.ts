import "server-only";
import {
  action,
  type ActionContext,
  type ActionOptions,
  type Arg,
  type Inputs,
} from "@/lib/server-action/define-action";
import { refreshPublicSurfaces } from "@/lib/data/public-cache";

/**
 * A team write as the signed-in user (`action`). The SQL functions carry the rules and refuse with their
 * own texts (docs/product.md#teams), which the athlete reads as they are. Every success can change what a
 * team needs or who is looking (a request, an accept, a leave, an edit, an urgent need, a close), so it
 * expires every cached public surface that shows teams or athletes: landing pages, `/`, Browse's copies,
 * the team's public page and card, the sitemap (lib/data/public-cache.ts). Signed-in pages are rendered
 * per request; the expiry also makes the browser's router fetch them again.
 */
export function teamAction<const A extends readonly Arg[], T extends object>(
  options: Omit<ActionOptions<A, object, "user">, "onSuccess">,
  write: (ctx: ActionContext<"user">, ...inputs: Inputs<A>) => Promise<T>,
) {
  return action<A, { ok: true } & T>(
    { ...options, onSuccess: refreshPublicSurfaces },
    async (ctx, ...inputs) => ({
      ok: true as const,
      ...(await write(ctx, ...inputs)),
    }),
  );
}
