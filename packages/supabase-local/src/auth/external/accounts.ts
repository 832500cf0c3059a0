import type postgres from "postgres";
import { AuthError } from "../../http.ts";
import type { AuthContext } from "../context.ts";

/** One address the provider vouches for (GoTrue's provider.Email). */
export type ProviderEmail = { email: string; verified: boolean; primary: boolean };

/** What a provider said about the person (GoTrue's UserProvidedData): addresses and identity claims. */
export type ProviderUser = { emails: ProviderEmail[]; identityData: Record<string, unknown> };

type Tx = postgres.TransactionSql;
type Decision =
  | { kind: "exists"; userId: string; identityId: string }
  | { kind: "link"; userId: string }
  | { kind: "create"; email: string }
  | { kind: "multiple" };

/**
 * GoTrue's models.DetermineAccountLinking. An identity of this provider and subject: that user. Else,
 * among the addresses the provider says are verified (all of them without confirmations): an identity or
 * a user with one of them in the default linking domain gets the new identity. With no verified address a
 * new user is made — without an address at all if another user has it, so nobody's account is joined on an
 * address the provider did not check.
 */
async function determine(tx: Tx, ctx: AuthContext, provider: string, sub: string, emails: ProviderEmail[]) {
  const autoconfirm = !ctx.config.enable_confirmations;
  const verified = emails.filter((e) => e.verified || autoconfirm).map((e) => e.email.toLowerCase());
  const primary = emails.find((e) => e.primary);
  const candidate = { email: primary?.email.toLowerCase() ?? "", verified: primary?.verified ?? false };

  const [identity] = await tx<{ id: string; user_id: string }[]>`
    select id, user_id from auth.identities where provider_id = ${sub} and provider = ${provider}`;
  if (identity)
    return {
      decision: { kind: "exists", userId: identity.user_id, identityId: identity.id } as Decision,
      candidate,
    };

  if (verified.length === 0) {
    const [taken] =
      await tx`select 1 from auth.users where email = ${candidate.email} and is_sso_user = false`;
    if (taken) candidate.email = "";
    return { decision: { kind: "create", email: candidate.email } as Decision, candidate };
  }
  // Every provider here is in the default domain (only sso:… providers have their own).
  const similarIdentities = await tx<{ user_id: string }[]>`
    select user_id from auth.identities where email = any(${verified}) and provider not like 'sso:%'`;
  const similarUsers = await tx<{ id: string }[]>`
    select id from auth.users where email = any(${verified}) and is_sso_user = false`;
  if (similarIdentities.length === 0) {
    if (similarUsers.length === 1)
      return { decision: { kind: "link", userId: similarUsers[0]!.id } as Decision, candidate };
    if (similarUsers.length > 1) return { decision: { kind: "multiple" } as Decision, candidate };
    return { decision: { kind: "create", email: candidate.email } as Decision, candidate };
  }
  const owners = new Set(similarIdentities.map((i) => i.user_id));
  if (owners.size > 1) return { decision: { kind: "multiple" } as Decision, candidate };
  return { decision: { kind: "link", userId: [...owners][0]! } as Decision, candidate };
}

/** GoTrue's UpdateAppMetaDataProviders: `providers` lists the user's identities' providers. */
async function syncProviders(tx: Tx, userId: string) {
  await tx`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) ||
      jsonb_build_object('providers', coalesce((select jsonb_agg(distinct i.provider) from auth.identities i
        where i.user_id = ${userId}), '[]'::jsonb)), updated_at = now()
    where id = ${userId}`;
}

async function mergeUserMetadata(tx: Tx, userId: string, data: Record<string, unknown>) {
  await tx`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || ${tx.json(data as postgres.JSONValue)},
    updated_at = now() where id = ${userId}`;
}

async function insertIdentity(
  tx: Tx,
  userId: string,
  provider: string,
  sub: string,
  data: Record<string, unknown>,
) {
  const [row] = await tx<{ id: string }[]>`
    insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
    values (${sub}, ${userId}, ${tx.json(data as postgres.JSONValue)}, ${provider}, now()) returning id`;
  return row!.id;
}

export type ExternalSignIn =
  | { ok: true; userId: string }
  /** The user was kept (GoTrue commits, then reports the error); mail a confirmation to `confirm` if set. */
  | { ok: false; userId: string; confirm: string | null; error: AuthError };

/**
 * GoTrue's createAccountFromExternalIdentity, in one transaction: link, create or update, refuse a banned
 * user, and for a user not yet confirmed remove every other identity and the password (someone may have
 * signed up with this address to wait for its owner: pre-account takeover), then confirm — only when the
 * provider verified the address.
 */
export async function signInWithProvider(
  ctx: AuthContext,
  provider: string,
  user: ProviderUser,
): Promise<ExternalSignIn> {
  const sub = String(user.identityData.sub);
  return ctx.sql.begin(async (tx) => {
    const { decision, candidate } = await determine(tx, ctx, provider, sub, user.emails);
    let userId: string;
    let identityId: string;
    switch (decision.kind) {
      case "exists":
        userId = decision.userId;
        identityId = decision.identityId;
        await tx`update auth.identities set identity_data = ${tx.json(user.identityData as postgres.JSONValue)},
          last_sign_in_at = now(), updated_at = now() where id = ${identityId}`;
        await mergeUserMetadata(tx, userId, user.identityData);
        await syncProviders(tx, userId);
        break;
      case "link":
        userId = decision.userId;
        identityId = await insertIdentity(tx, userId, provider, sub, user.identityData);
        await mergeUserMetadata(tx, userId, user.identityData);
        await syncProviders(tx, userId);
        break;
      case "create": {
        if (!ctx.config.enable_signup)
          throw new AuthError(422, "signup_disabled", "Signups not allowed for this instance");
        const [row] = await tx<{ id: string }[]>`
          insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data,
                                  confirmation_token, recovery_token, email_change_token_new, email_change,
                                  created_at, updated_at)
          values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
                  ${decision.email || null}, ${tx.json({ provider, providers: [provider] })},
                  ${tx.json(user.identityData as postgres.JSONValue)}, '', '', '', '', now(), now())
          returning id`;
        userId = row!.id;
        identityId = await insertIdentity(tx, userId, provider, sub, user.identityData);
        break;
      }
      case "multiple":
        throw new AuthError(
          500,
          "unexpected_failure",
          "Multiple accounts with the same email address in the same linking domain detected: default",
        );
    }
    const [state] = await tx<
      { email: string | null; email_confirmed_at: Date | null; banned_until: Date | null }[]
    >`
      select email, email_confirmed_at, banned_until from auth.users where id = ${userId}`;
    if (state!.banned_until && new Date(state!.banned_until) > new Date())
      throw new AuthError(403, "user_banned", "User is banned");
    if (state!.email_confirmed_at) return { ok: true as const, userId };

    // Not confirmed yet: only this identity stays, with its claims as the user's data, and no password.
    await tx`update auth.users set encrypted_password = null,
      raw_user_meta_data = ${tx.json(user.identityData as postgres.JSONValue)}, updated_at = now() where id = ${userId}`;
    await tx`delete from auth.identities where user_id = ${userId} and id <> ${identityId}`;
    await syncProviders(tx, userId);
    if (candidate.verified || !ctx.config.enable_confirmations) {
      await tx`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = ${userId}`;
      return { ok: true as const, userId };
    }
    // GoTrue mails the user's own address (for a known identity, the address the user has now).
    const confirm = (decision.kind === "exists" ? state!.email : candidate.email) || null;
    const message = confirm
      ? `Unverified email with ${provider}. A confirmation email has been sent to your ${provider} email`
      : `Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`;
    return {
      ok: false as const,
      userId,
      confirm,
      error: new AuthError(422, "provider_email_needs_verification", message),
    };
  });
}
