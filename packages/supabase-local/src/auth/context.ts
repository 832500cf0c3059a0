import type { IncomingMessage } from "node:http";
import type postgres from "postgres";
import type { AuthConfig, ExternalProviderName, RateLimits } from "../config.ts";
import type { Mailbox } from "../mailbox.ts";
import { AuthError, clientIp } from "../http.ts";
import { createRateLimiter, type RateLimiter } from "./rate-limit.ts";

/** Everything a route needs; `config` is mutable through the /__local/config test switch. */
export type AuthContext = {
  sql: postgres.Sql;
  config: AuthConfig;
  /** The configuration the stack started with, restored by /__local/reset. */
  initialConfig: AuthConfig;
  /** Public URL of the API (http://127.0.0.1:<port>); tokens' `iss` is <url>/auth/v1. */
  url: string;
  mailbox: Mailbox;
  limits: Record<keyof RateLimits, RateLimiter>;
  /** When each address was last sent an e-mail of each kind (`<kind>:<address>` → ms), for max_frequency. */
  mailSentAt: Map<string, number>;
  /** The project's secret API key (sb_secret_…, new at every start): only the app server holds it. */
  secretKey: string;
  testMode: boolean;
  /**
   * The enabled sign-in providers with the issuer they resolve to: the configured one, or the local
   * OpenID Provider the stack started for it (external/local-op.ts).
   */
  external: Partial<Record<ExternalProviderName, ExternalProvider>>;
  /**
   * Auth slow or down (--test switch /__local/auth-fault): every /auth/v1 call, JWKS included, waits
   * `delayMs` first, and with `down` answers 503 as hosted Auth's gateway does when GoTrue is unreachable.
   */
  authFault: { delayMs: number; down: boolean };
  /** What the --test switches /__local/restart-postgres and /__local/drop-realtime do (set by the stack). */
  faults?: {
    restartPostgres(downMs: number): Promise<void>;
    dropRealtime(): number;
  };
};

export type ExternalProvider = {
  issuer: string;
  clientId: string;
  secret: string;
  skipNonceCheck: boolean;
};

export type Request = {
  req: IncomingMessage;
  url: URL;
  body: Record<string, unknown>;
  ctx: AuthContext;
};

const fiveMinutes = 5 * 60_000;

export function createLimiters(limits: RateLimits): AuthContext["limits"] {
  return {
    email_sent: createRateLimiter(limits.email_sent, 60 * 60_000),
    sign_in_sign_ups: createRateLimiter(limits.sign_in_sign_ups, fiveMinutes),
    token_verifications: createRateLimiter(limits.token_verifications, fiveMinutes),
    token_refresh: createRateLimiter(limits.token_refresh, fiveMinutes),
  };
}

/** Counts one request against a per-IP limit; 429 over_request_rate_limit when exhausted. */
export function limitRequest(r: Request, kind: Exclude<keyof RateLimits, "email_sent">): void {
  if (!r.ctx.limits[kind].take(clientIp(r.req, r.ctx.secretKey))) {
    throw new AuthError(429, "over_request_rate_limit", "Request rate limit reached");
  }
}

/** GoTrue keeps one "sent at" per kind and user: confirmation, recovery (also magic links), email change. */
export type MailSlot = "confirmation" | "recovery" | "email_change";

/**
 * Before an e-mail goes out: GoTrue's per-address frequency ([auth.email] max_frequency, 60 s on hosted
 * Supabase), then the project-wide hourly limit. Both answer 429 over_email_send_rate_limit.
 */
export function limitEmail(ctx: AuthContext, to: string, slot: MailSlot): void {
  const key = `${slot}:${to.toLowerCase()}`;
  const now = Date.now();
  const gapMs = ctx.config.email_max_frequency * 1000;
  const last = ctx.mailSentAt.get(key);
  if (gapMs > 0 && last !== undefined && now - last < gapMs) {
    const seconds = Math.ceil((gapMs - (now - last)) / 1000);
    throw new AuthError(
      429,
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${seconds} seconds.`,
    );
  }
  if (!ctx.limits.email_sent.take("global")) {
    throw new AuthError(429, "over_email_send_rate_limit", "email rate limit exceeded");
  }
  if (ctx.mailSentAt.size > 10_000) {
    for (const [k, at] of ctx.mailSentAt) if (now - at >= gapMs) ctx.mailSentAt.delete(k);
  }
  ctx.mailSentAt.set(key, now);
}

/** A send that failed: the address may ask again at once (GoTrue sets "sent at" only after a send). */
export function releaseEmail(ctx: AuthContext, to: string, slot: MailSlot): void {
  ctx.mailSentAt.delete(`${slot}:${to.toLowerCase()}`);
}

export function str(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  return typeof v === "string" ? v : undefined;
}

export function obj(body: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const v = body[key];
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/**
 * GoTrue's address check (validateEmail, with the pattern of the checkmail package it uses): ASCII only,
 * no ':' or ';' before the '@', domain labels of 1–63 letters, digits or inner hyphens, no dot required.
 */
export const gotrueEmailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Validated as GoTrue does (400 validation_failed), then stored lower-cased as GoTrue stores it. */
export function normaliseEmail(raw: string | undefined): string {
  const email = (raw ?? "").trim();
  if (!email) throw new AuthError(400, "validation_failed", "missing email or phone");
  if (Buffer.byteLength(email) > 255)
    throw new AuthError(400, "validation_failed", "An email address is too long");
  if (!gotrueEmailPattern.test(email)) {
    throw new AuthError(400, "validation_failed", "Unable to validate email address: invalid format");
  }
  return email.toLowerCase();
}

export function checkPassword(ctx: AuthContext, password: string | undefined): string {
  if (password === undefined || password === "") {
    throw new AuthError(
      422,
      "weak_password",
      `Password should be at least ${ctx.config.minimum_password_length} characters.`,
      {
        weak_password: { reasons: ["length"] },
      },
    );
  }
  if ([...password].length < ctx.config.minimum_password_length) {
    throw new AuthError(
      422,
      "weak_password",
      `Password should be at least ${ctx.config.minimum_password_length} characters.`,
      {
        weak_password: { reasons: ["length"] },
      },
    );
  }
  if (Buffer.byteLength(password) > 72) {
    throw new AuthError(422, "validation_failed", "Password cannot be longer than 72 characters");
  }
  return password;
}
