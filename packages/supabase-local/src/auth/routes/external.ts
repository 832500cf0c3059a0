import { randomBytes } from "node:crypto";
import { externalProviderNames, type ExternalProviderName } from "../../config.ts";
import { AuthError, readBody } from "../../http.ts";
import type { AuthContext, ExternalProvider, Request } from "../context.ts";
import { createFlowState, issueEmailToken } from "../email-tokens.ts";
import { signInWithProvider, type ProviderUser } from "../external/accounts.ts";
import { discover, exchangeCode, verifyIdToken } from "../external/oidc-client.ts";
import { signJwt, verifyStackJwt } from "../jwt.ts";
import { redirectTarget, sendAuthMail } from "../mail.ts";
import { issueSession } from "../sessions.ts";

/**
 * GoTrue's external-provider flow (internal/api/external.go) for Google and Apple:
 * GET /authorize → the provider → GET or POST /callback → the app's redirect_to, with ?code= for
 * exchangeCodeForSession (PKCE) or the session in the fragment (implicit).
 */

/** An error the provider itself sent back (GoTrue's OAuthError): only `error` and `error_description`. */
class ProviderError extends Error {
  readonly error: string;
  readonly description: string;
  constructor(error: string, description: string) {
    super(description);
    this.error = error;
    this.description = description;
  }
}

const stateLifetimeSeconds = 5 * 60;
const scopes: Record<ExternalProviderName, string> = {
  // GoTrue asks Google for "email profile" (Google adds openid by itself) and Apple for "email name"; an
  // OpenID Provider that follows the spec strictly needs openid to issue an id_token.
  google: "openid email profile",
  apple: "openid email name",
};

const callbackUrl = (ctx: AuthContext) => `${ctx.url}/auth/v1/callback`;

function providerFor(ctx: AuthContext, name: string): ExternalProvider {
  if (!(externalProviderNames as readonly string[]).includes(name)) {
    throw new AuthError(
      400,
      "validation_failed",
      `Unsupported provider: Provider ${name} could not be found`,
    );
  }
  const provider = ctx.external[name as ExternalProviderName];
  if (!provider)
    throw new AuthError(400, "validation_failed", "Unsupported provider: provider is not enabled");
  return provider;
}

function found(location: string, status = 302) {
  return { status, body: null, headers: { Location: location, "Cache-Control": "no-store" } };
}

/** GET /authorize?provider=…&redirect_to=…&code_challenge=…&code_challenge_method=… */
export async function authorize(r: Request) {
  const { ctx, url } = r;
  const query = new URLSearchParams(url.searchParams);
  const name = (query.get("provider") ?? "").toLowerCase();
  const provider = providerFor(ctx, name);
  const referrer = redirectTarget(ctx, query.get("redirect_to"));
  const challenge = query.get("code_challenge") ?? "";
  const method = query.get("code_challenge_method") ?? "";
  if ((challenge === "") !== (method === "")) {
    throw new AuthError(
      400,
      "validation_failed",
      "PKCE flow requires code_challenge_method and code_challenge",
    );
  }
  let op;
  try {
    op = await discover(provider.issuer);
  } catch (error) {
    throw new AuthError(400, "validation_failed", `Unsupported provider: ${(error as Error).message}`);
  }
  // A flow state without a user yet; the callback fills it in (GoTrue's generateFlowState).
  const flowStateId = challenge
    ? await createFlowState(
        ctx,
        null,
        { code_challenge: challenge, code_challenge_method: method },
        "oauth",
        name,
      )
    : null;
  const nonce = randomBytes(16).toString("base64url");
  const state = await signJwt(
    {
      site_url: ctx.config.site_url,
      id: "00000000-0000-0000-0000-000000000000",
      provider: name,
      referrer,
      flow_state_id: flowStateId ?? "",
      nonce,
    },
    stateLifetimeSeconds,
  );
  const target = new URL(op.authorization_endpoint);
  for (const key of ["scopes", "provider", "code_challenge", "code_challenge_method"]) query.delete(key);
  // What else the caller asked for goes to the provider as it is (queryParams such as prompt).
  for (const [key, value] of query) target.searchParams.set(key, value);
  target.searchParams.set("client_id", provider.clientId);
  target.searchParams.set("redirect_uri", callbackUrl(ctx));
  target.searchParams.set("response_type", "code");
  const extra = url.searchParams.get("scopes");
  target.searchParams.set(
    "scope",
    extra
      ? `${scopes[name as ExternalProviderName]} ${extra.split(",").join(" ")}`
      : scopes[name as ExternalProviderName],
  );
  target.searchParams.set("state", state);
  target.searchParams.set("nonce", nonce);
  if (name === "apple") target.searchParams.set("response_mode", "form_post");
  return found(target.toString());
}

/** GoTrue's getErrorQueryString: HTTP status to an OAuth error name, with the code and message. */
function errorParams(error: unknown): URLSearchParams {
  const q = new URLSearchParams();
  if (error instanceof ProviderError) {
    q.set("error", error.error);
    q.set("error_description", error.description);
    return q;
  }
  const e = error instanceof AuthError ? error : new AuthError(500, "unexpected_failure", String(error));
  const byStatus: Record<number, string> = {
    400: "invalid_request",
    401: "unauthorized_client",
    403: "access_denied",
    500: "server_error",
    503: "temporarily_unavailable",
  };
  const denied = ["signup_disabled", "user_banned", "provider_email_needs_verification"].includes(e.code);
  q.set("error", denied ? "access_denied" : (byStatus[e.status] ?? "server_error"));
  q.set("error_description", e.message);
  q.set("error_code", e.code);
  return q;
}

/** GoTrue's redirectErrors: the error in the query (with what was there) and again in the fragment. */
function errorRedirect(target: string, error: unknown) {
  const u = new URL(target);
  const q = errorParams(error);
  for (const [key, value] of q) u.searchParams.set(key, value);
  u.hash = q.toString();
  return found(u.toString());
}

type StateClaims = { provider: string; referrer?: string; flow_state_id?: string; nonce?: string };

/** Claims of what the provider sent back: Google's id_token as GoTrue's parseGoogleIDToken reads it. */
function googleUser(claims: Record<string, unknown>): ProviderUser {
  const email = typeof claims.email === "string" ? claims.email : "";
  const verified = claims.email_verified === true || claims.verified_email === true;
  const data: Record<string, unknown> = {
    iss: claims.iss,
    sub: claims.sub,
    name: claims.name,
    picture: claims.picture,
    full_name: claims.name,
    avatar_url: claims.picture,
    provider_id: claims.sub,
  };
  if (typeof claims.hd === "string") data.custom_claims = { hd: claims.hd };
  return { emails: email ? [{ email, verified, primary: true }] : [], identityData: data };
}

/** Apple's (parseAppleIDToken): its addresses count as verified; the name comes only in the `user` form field. */
function appleUser(claims: Record<string, unknown>, userField: string | null): ProviderUser {
  const custom: Record<string, unknown> = {};
  if (claims.is_private_email !== undefined)
    custom.is_private_email = claims.is_private_email === true || claims.is_private_email === "true";
  if (typeof claims.auth_time === "number") custom.auth_time = claims.auth_time;
  const data: Record<string, unknown> = { iss: claims.iss, sub: claims.sub, provider_id: claims.sub };
  if (Object.keys(custom).length) data.custom_claims = custom;
  if (userField) {
    let parsed: { name?: { firstName?: string; lastName?: string } };
    try {
      parsed = JSON.parse(userField) as typeof parsed;
    } catch {
      throw new AuthError(500, "unexpected_failure", "Error getting user profile from external provider");
    }
    const full = `${parsed.name?.firstName ?? ""} ${parsed.name?.lastName ?? ""}`.trim();
    data.name = full;
    data.full_name = full;
  }
  const email = typeof claims.email === "string" ? claims.email : "";
  return { emails: [{ email, verified: true, primary: true }], identityData: data };
}

/** GET /callback (Google) or POST /callback (Apple's form_post). Every failure is a redirect, as GoTrue's. */
export async function callback(r: Request) {
  const { ctx, req, url } = r;
  const params =
    req.method === "POST" ? new URLSearchParams(await readBody(req)) : new URLSearchParams(url.search);
  const site = ctx.config.site_url;
  const state = params.get("state");
  if (!state) {
    return errorRedirect(site, new AuthError(400, "bad_oauth_callback", "OAuth state parameter missing"));
  }
  const claims = (await verifyStackJwt(state)) as StateClaims | null;
  if (!claims) {
    // GoTrue's loadFlowState: without a state it can trust, back to the site URL, query only, 303.
    const u = new URL(site);
    for (const [k, v] of errorParams(
      new AuthError(400, "bad_oauth_state", "OAuth callback with invalid state"),
    ))
      u.searchParams.set(k, v);
    return found(u.toString(), 303);
  }
  if (!claims.provider) {
    return errorRedirect(
      site,
      new AuthError(400, "bad_oauth_state", "OAuth callback with invalid state (missing provider)"),
    );
  }
  const target = claims.referrer || site;
  try {
    return await completeSignIn(r, params, claims, target);
  } catch (error) {
    if (!(error instanceof AuthError) && !(error instanceof ProviderError)) {
      console.error("[local auth] external callback:", error);
    }
    return errorRedirect(target, error);
  }
}

async function completeSignIn(r: Request, params: URLSearchParams, claims: StateClaims, target: string) {
  const { ctx } = r;
  const providerError = params.get("error");
  if (providerError) throw new ProviderError(providerError, params.get("error_description") ?? "");
  const code = params.get("code");
  if (!code) {
    throw new AuthError(400, "bad_oauth_callback", "OAuth callback with missing authorization code missing");
  }
  const name = claims.provider as ExternalProviderName;
  let provider: ExternalProvider;
  try {
    provider = providerFor(ctx, name);
  } catch (error) {
    throw new AuthError(400, "oauth_provider_not_supported", (error as Error).message);
  }
  const op = await discover(provider.issuer).catch(() => {
    throw new AuthError(400, "oauth_provider_not_supported", "Unsupported provider: discovery failed");
  });
  const tokens = await exchangeCode(
    op,
    { id: provider.clientId, secret: provider.secret, inBody: name === "apple" },
    code,
    callbackUrl(ctx),
  ).catch(() => {
    throw new AuthError(500, "unexpected_failure", `Unable to exchange external code: ${code}`);
  });
  let idClaims: Record<string, unknown>;
  try {
    if (!tokens.id_token) throw new Error("no id_token");
    idClaims = await verifyIdToken(tokens.id_token, {
      issuer: provider.issuer,
      clientId: provider.clientId,
      jwks: op.jwks,
      nonce: provider.skipNonceCheck ? null : (claims.nonce ?? ""),
      accessToken: tokens.access_token,
    });
  } catch {
    throw new AuthError(500, "unexpected_failure", "Error getting user profile from external provider");
  }
  const user = name === "apple" ? appleUser(idClaims, params.get("user")) : googleUser(idClaims);
  if (user.emails.length === 0) {
    throw new AuthError(500, "unexpected_failure", "Error getting user email from external provider");
  }
  // GoTrue copies the primary address and whether it is verified into the identity's data.
  const primary = user.emails.find((e) => e.primary) ?? user.emails.at(-1)!;
  user.identityData.email = primary.email;
  user.identityData.email_verified = primary.verified;
  user.identityData.phone_verified = false;
  for (const key of Object.keys(user.identityData)) {
    const v = user.identityData[key];
    if (v === undefined || v === "" || v === null) delete user.identityData[key];
  }

  let flowId: string | null = null;
  if (claims.flow_state_id) {
    const [flow] = await ctx.sql<
      { id: string }[]
    >`select id from auth.flow_state where id = ${claims.flow_state_id}`;
    if (!flow) throw new AuthError(422, "flow_state_not_found", "Flow state not found");
    flowId = flow.id;
  }
  const result = await signInWithProvider(ctx, name, user);
  if (!result.ok) {
    if (result.confirm) {
      // Mailed for the implicit flow, as GoTrue's sendConfirmation in this path.
      const { otp, hash } = await issueEmailToken(
        ctx,
        result.userId,
        result.confirm,
        "confirmation_token",
        null,
      );
      await sendAuthMail(
        ctx,
        "confirmation",
        result.confirm,
        { RedirectTo: target, TokenHash: hash, Token: otp, Email: result.confirm },
        result.userId,
      );
    }
    throw result.error;
  }
  if (flowId) {
    const [flow] = await ctx.sql<{ auth_code: string }[]>`update auth.flow_state
      set user_id = ${result.userId}, provider_access_token = ${tokens.access_token},
          provider_refresh_token = ${tokens.refresh_token ?? null}, auth_code_issued_at = now(), updated_at = now()
      where id = ${flowId} returning auth_code`;
    const u = new URL(target);
    u.searchParams.set("code", flow!.auth_code);
    return found(u.toString());
  }
  const s = await issueSession(ctx, result.userId, "oauth");
  const fragment = new URLSearchParams({
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    provider_token: tokens.access_token,
    ...(tokens.refresh_token ? { provider_refresh_token: tokens.refresh_token } : {}),
    refresh_token: s.refresh_token,
    token_type: "bearer",
  });
  const u = new URL(target);
  u.hash = fragment.toString();
  return found(u.toString());
}
