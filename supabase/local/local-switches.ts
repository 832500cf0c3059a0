import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { createLimiters, type AuthContext } from "./auth/context.ts";
import { requireServiceRole } from "./auth/bearer.ts";
import { AuthError, parseJsonObject, readBody, sendAuthError, sendJson } from "./http.ts";

const limit = z.number().int().min(0).max(1_000_000);
const patchSchema = z.strictObject({
  enable_confirmations: z.boolean().optional(),
  rate_limits: z
    .strictObject({
      email_sent: limit.optional(),
      sign_in_sign_ups: limit.optional(),
      token_verifications: limit.optional(),
      token_refresh: limit.optional(),
    })
    .optional(),
});

function publicView(ctx: AuthContext) {
  return { enable_confirmations: ctx.config.enable_confirmations, rate_limits: ctx.config.rate_limits };
}

/**
 * Test switches of the stand-in (never in Supabase): POST /__local/config with a partial config, and
 * POST /__local/reset to restore the start-up config and clear rate-limit counters. Only in --test mode
 * and only with the service_role key, so a dev stack cannot be reconfigured by a web page.
 */
export async function handleLocalSwitches(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  try {
    if (!ctx.testMode) throw new AuthError(404, "not_found", "Test switches exist only in --test mode");
    await requireServiceRole(req);
    if (req.method !== "POST") throw new AuthError(405, "method_not_allowed", "Use POST");
    if (url.pathname === "/__local/config") {
      const parsed = patchSchema.safeParse(parseJsonObject(await readBody(req)));
      if (!parsed.success) throw new AuthError(400, "validation_failed", z.prettifyError(parsed.error));
      const patch = parsed.data;
      if (patch.enable_confirmations !== undefined) ctx.config.enable_confirmations = patch.enable_confirmations;
      for (const [key, value] of Object.entries(patch.rate_limits ?? {})) {
        const k = key as keyof AuthContext["limits"];
        ctx.config.rate_limits[k] = value;
        ctx.limits[k].setLimit(value);
      }
      return sendJson(res, 200, publicView(ctx));
    }
    if (url.pathname === "/__local/reset") {
      ctx.config = structuredClone(ctx.initialConfig);
      ctx.limits = createLimiters(ctx.config.rate_limits);
      return sendJson(res, 200, publicView(ctx));
    }
    throw new AuthError(404, "not_found", "Not found");
  } catch (error) {
    if (error instanceof AuthError) return sendAuthError(res, error);
    throw error;
  }
}
