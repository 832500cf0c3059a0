import type { IncomingMessage, ServerResponse } from "node:http";
import { createLimiters, type AuthContext } from "./auth/context.ts";
import { requireServiceRole } from "./auth/bearer.ts";
import { AuthError, parseJsonObject, readBody, sendAuthError, sendJson } from "./http.ts";
import { sendEmailHookConfig, type AuthConfig, type RateLimits } from "./config.ts";
import { StackError } from "./errors.ts";

type Patch = {
  enable_confirmations?: boolean;
  email_max_frequency?: number;
  double_confirm_changes?: boolean;
  rate_limits?: Partial<RateLimits>;
  send_email_hook?: AuthConfig["send_email_hook"];
};
const limitNames = ["email_sent", "sign_in_sign_ups", "token_verifications", "token_refresh"] as const;

// Hand-checked rather than zod: importing zod costs more start-up time than the whole check.
function parsePatch(body: Record<string, unknown>): Patch {
  const bad = (why: string) => new AuthError(400, "validation_failed", why);
  for (const key of Object.keys(body)) {
    if (
      ![
        "enable_confirmations",
        "double_confirm_changes",
        "email_max_frequency",
        "rate_limits",
        "send_email_hook",
      ].includes(key)
    )
      throw bad(`unknown setting ${key}`);
  }
  const patch: Patch = {};
  const gap = body.email_max_frequency;
  if (gap !== undefined) {
    if (typeof gap !== "number" || !Number.isInteger(gap) || gap < 0 || gap > 86_400)
      throw bad("email_max_frequency must be an integer number of seconds from 0 to 86400");
    patch.email_max_frequency = gap;
  }
  if (body.enable_confirmations !== undefined) {
    if (typeof body.enable_confirmations !== "boolean") throw bad("enable_confirmations must be a boolean");
    patch.enable_confirmations = body.enable_confirmations;
  }
  if (body.double_confirm_changes !== undefined) {
    if (typeof body.double_confirm_changes !== "boolean")
      throw bad("double_confirm_changes must be a boolean");
    patch.double_confirm_changes = body.double_confirm_changes;
  }
  const hook = body.send_email_hook;
  if (hook === null) patch.send_email_hook = null;
  else if (hook !== undefined) {
    // The same checks as config.toml's [auth.hook.send_email]: {uri, secrets: "v1,whsec_…|…"}.
    const { uri, secrets } = (hook ?? {}) as Record<string, unknown>;
    if (typeof uri !== "string" || typeof secrets !== "string")
      throw bad("send_email_hook must be null or {uri, secrets}");
    try {
      patch.send_email_hook = sendEmailHookConfig({ hook: { send_email: { enabled: true, uri, secrets } } });
    } catch (error) {
      if (error instanceof StackError) throw bad(error.message);
      throw error;
    }
  }
  if (body.rate_limits !== undefined) {
    const limits = body.rate_limits;
    if (!limits || typeof limits !== "object" || Array.isArray(limits))
      throw bad("rate_limits must be an object");
    patch.rate_limits = {};
    for (const [key, value] of Object.entries(limits)) {
      const name = limitNames.find((n) => n === key);
      if (!name) throw bad(`unknown rate limit ${key}`);
      if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 1_000_000) {
        throw bad(`rate_limits.${key} must be an integer from 0 to 1000000`);
      }
      patch.rate_limits[name] = value;
    }
  }
  return patch;
}

function parseAuthFault(body: Record<string, unknown>, current: AuthContext["authFault"]) {
  const bad = (why: string) => new AuthError(400, "validation_failed", why);
  for (const key of Object.keys(body)) {
    if (!["delay_ms", "down"].includes(key)) throw bad(`unknown setting ${key}`);
  }
  const next = { ...current };
  if (body.delay_ms !== undefined) {
    const ms = body.delay_ms;
    if (typeof ms !== "number" || !Number.isInteger(ms) || ms < 0 || ms > 30_000)
      throw bad("delay_ms must be an integer from 0 to 30000");
    next.delayMs = ms;
  }
  if (body.down !== undefined) {
    if (typeof body.down !== "boolean") throw bad("down must be a boolean");
    next.down = body.down;
  }
  return next;
}

function publicView(ctx: AuthContext) {
  return {
    enable_confirmations: ctx.config.enable_confirmations,
    double_confirm_changes: ctx.config.double_confirm_changes,
    email_max_frequency: ctx.config.email_max_frequency,
    rate_limits: ctx.config.rate_limits,
    send_email_hook: ctx.config.send_email_hook?.uri ?? null,
  };
}

/**
 * Test switches of the stand-in (never in Supabase): POST /__local/config with a partial config (the
 * Send Email Hook too: send_email_hook {uri, secrets} or null), and
 * POST /__local/reset to restore the start-up config and clear rate-limit counters; fault injection:
 * POST /__local/restart-postgres {down_ms}, /__local/drop-realtime and /__local/auth-fault
 * {delay_ms?, down?} (Auth slow or down until changed or reset). Only in --test mode
 * and only with the service_role key, so a dev stack cannot be reconfigured by a web page.
 */
export async function handleLocalSwitches(
  ctx: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  try {
    if (!ctx.testMode) throw new AuthError(404, "not_found", "Test switches exist only in --test mode");
    await requireServiceRole(req);
    if (req.method !== "POST") throw new AuthError(405, "method_not_allowed", "Use POST");
    if (url.pathname === "/__local/config") {
      const patch = parsePatch(parseJsonObject(await readBody(req)));
      if (patch.enable_confirmations !== undefined)
        ctx.config.enable_confirmations = patch.enable_confirmations;
      if (patch.email_max_frequency !== undefined) ctx.config.email_max_frequency = patch.email_max_frequency;
      if (patch.double_confirm_changes !== undefined)
        ctx.config.double_confirm_changes = patch.double_confirm_changes;
      if (patch.send_email_hook !== undefined) ctx.config.send_email_hook = patch.send_email_hook;
      for (const [key, value] of Object.entries(patch.rate_limits ?? {})) {
        const k = key as keyof RateLimits;
        ctx.config.rate_limits[k] = value;
        ctx.limits[k].setLimit(value);
      }
      return sendJson(res, 200, publicView(ctx));
    }
    if (url.pathname === "/__local/restart-postgres") {
      // Fast shutdown, down for `down_ms`, started again on the same port; answers once it is back.
      const body = parseJsonObject(await readBody(req));
      const down = body.down_ms ?? 0;
      if (typeof down !== "number" || !Number.isInteger(down) || down < 0 || down > 30_000)
        throw new AuthError(400, "validation_failed", "down_ms must be an integer from 0 to 30000");
      if (!ctx.faults) throw new AuthError(501, "not_implemented", "No restart hook");
      await ctx.faults.restartPostgres(down);
      return sendJson(res, 200, { restarted: true, back_at: new Date().toISOString() });
    }
    if (url.pathname === "/__local/drop-realtime") {
      if (!ctx.faults) throw new AuthError(501, "not_implemented", "No realtime hook");
      return sendJson(res, 200, { dropped: ctx.faults.dropRealtime() });
    }
    if (url.pathname === "/__local/auth-fault") {
      ctx.authFault = parseAuthFault(parseJsonObject(await readBody(req)), ctx.authFault);
      return sendJson(res, 200, { delay_ms: ctx.authFault.delayMs, down: ctx.authFault.down });
    }
    if (url.pathname === "/__local/reset") {
      ctx.authFault = { delayMs: 0, down: false };
      ctx.config = structuredClone(ctx.initialConfig);
      ctx.limits = createLimiters(ctx.config.rate_limits);
      ctx.mailSentAt.clear();
      return sendJson(res, 200, publicView(ctx));
    }
    throw new AuthError(404, "not_found", "Not found");
  } catch (error) {
    if (error instanceof AuthError) return sendAuthError(res, error);
    throw error;
  }
}
