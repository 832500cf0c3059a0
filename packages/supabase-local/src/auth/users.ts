import bcrypt from "bcryptjs";
import type postgres from "postgres";
import { AuthError } from "../http.ts";

/** GoTrue hashes with bcrypt cost 10; hashes from pgcrypto's crypt() (seed.sql) verify the same way. */
export const bcryptCost = 10;

export type UserRow = {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  is_anonymous: boolean;
  identities: Record<string, unknown>[];
};

type Db = postgres.Sql | postgres.TransactionSql;

/** GoTrue's identity object, from a row aliased `i`. */
export const identityJson = (sql: Db) => sql`json_build_object(
  'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
  'provider', i.provider, 'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
  'updated_at', i.updated_at, 'email', i.email)`;

const userColumns = (sql: Db) => sql`
  u.*, coalesce((select json_agg(${identityJson(sql)} order by i.created_at)
    from auth.identities i where i.user_id = u.id), '[]'::json) as identities`;

/**
 * Columns GoTrue reads into Go strings (not pointers). A NULL in any of them makes every read of that user
 * fail with 500 "Database error querying schema" (supabase/auth#1940): sign-in, refresh, the admin API.
 * Rows GoTrue writes never have one; rows inserted by hand (a seed) must set them to ''.
 */
export const goStringColumns = [
  "aud",
  "role",
  "confirmation_token",
  "recovery_token",
  "email_change_token_new",
  "email_change",
  "email_change_token_current",
  "phone_change",
  "phone_change_token",
  "reauthentication_token",
] as const;

function scannable(row: UserRow | undefined): UserRow | undefined {
  const fields = row as Record<string, unknown> | undefined;
  if (fields && goStringColumns.some((column) => fields[column] === null)) {
    throw new AuthError(500, "unexpected_failure", "Database error querying schema");
  }
  return row;
}

export async function userByEmail(sql: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select ${userColumns(sql)} from auth.users u
    where u.email = ${email} and u.is_sso_user = false and u.deleted_at is null`;
  return scannable(row);
}

export async function userById(sql: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select ${userColumns(sql)} from auth.users u where u.id = ${id}`;
  return scannable(row);
}

export type NewUser = {
  email: string;
  password?: string;
  confirmed: boolean;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
};

/**
 * GoTrue's answer when its insert into auth.users fails (a trigger there lacking a right, say): 500, with
 * "Database error saving new user" for sign-up and magic links, "Database error creating new user" for the
 * admin API. The cause goes to the log only, as hosted shows it in Auth's logs.
 */
function savingFailed(message: string, error: unknown): AuthError {
  console.error(`[local auth] ${message}: ${(error as Error).message}`);
  return new AuthError(500, "unexpected_failure", message);
}

/** Inserts the user and its email identity in one transaction; null when the e-mail is taken. */
export async function createUser(
  sql: postgres.Sql,
  input: NewUser,
  failure = "Database error saving new user",
): Promise<UserRow | null> {
  const hash = input.password ? await bcrypt.hash(input.password, bcryptCost) : null;
  const app = { provider: "email", providers: ["email"], ...input.appMetadata };
  return sql.begin(async (tx) => {
    // Every column GoTrue writes, as it does: auth.users has GoTrue's defaults, NULL for most of them.
    const [row] = await tx<{ id: string }[]>`
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                              confirmation_token, recovery_token, email_change_token_new, email_change,
                              raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
      values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
              ${input.email}, ${hash}, ${input.confirmed ? tx`now()` : null}, '', '', '', '',
              ${tx.json(app as postgres.JSONValue)}, ${tx.json((input.userMetadata ?? {}) as postgres.JSONValue)},
              now(), now())
      on conflict (email) where is_sso_user = false do nothing
      returning id`.catch((error: unknown) => {
      throw savingFailed(failure, error);
    });
    if (!row) return null;
    await tx`insert into auth.identities (provider_id, user_id, identity_data, provider)
      values (${row.id}, ${row.id}, ${tx.json({
        sub: row.id,
        email: input.email,
        email_verified: input.confirmed,
        phone_verified: false,
      })}, 'email')`;
    return (await userById(tx, row.id)) ?? null;
  });
}

export function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return Promise.resolve(false);
  return bcrypt.compare(password, hash);
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, bcryptCost);
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined);

/** The user object GoTrue returns (protocol §A.2). */
export function userJson(u: UserRow): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: u.id,
    aud: u.aud ?? "authenticated",
    role: u.role ?? "authenticated",
    email: u.email,
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: "",
    confirmation_sent_at: u.email_confirmed_at ? undefined : iso(u.confirmation_sent_at),
    confirmed_at: iso(u.confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: u.email_change ? iso(u.email_change_sent_at) : undefined,
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: u.identities ?? [],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous ?? false,
  };
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}
