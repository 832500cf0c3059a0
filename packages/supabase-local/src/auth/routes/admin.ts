import { AuthError } from "../../http.ts";
import { requireServiceRole } from "../bearer.ts";
import { checkPassword, normaliseEmail, obj, str, type Request } from "../context.ts";
import { createUser, hashPassword, userByEmail, userById, userJson, type UserRow } from "../users.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /admin/users {email, password, email_confirm, user_metadata, app_metadata} (service_role only). */
export async function adminCreateUser(r: Request) {
  await requireServiceRole(r.req, r.ctx.secretKey);
  const { ctx, body } = r;
  const email = normaliseEmail(str(body, "email"));
  const password = body.password === undefined ? undefined : checkPassword(ctx, str(body, "password"));
  const user = await createUser(
    ctx.sql,
    {
      email,
      password,
      confirmed: body.email_confirm === true,
      userMetadata: obj(body, "user_metadata") ?? obj(body, "data") ?? {},
      appMetadata: obj(body, "app_metadata"),
    },
    "Database error creating new user",
  );
  if (!user)
    throw new AuthError(422, "email_exists", "A user with this email address has already been registered");
  return { status: 200, body: userJson(user) };
}

/** GET /admin/users?page=&per_page= */
export async function adminListUsers(r: Request) {
  await requireServiceRole(r.req, r.ctx.secretKey);
  const page = Math.max(1, Number(r.url.searchParams.get("page")) || 1);
  const perPage = Math.min(1000, Math.max(1, Number(r.url.searchParams.get("per_page")) || 50));
  const ids = await r.ctx.sql<{ id: string }[]>`select id from auth.users order by created_at, id
    limit ${perPage} offset ${(page - 1) * perPage}`;
  const users = await Promise.all(ids.map((row) => userById(r.ctx.sql, row.id)));
  return {
    status: 200,
    body: { users: users.filter((u): u is UserRow => !!u).map(userJson), aud: "authenticated" },
  };
}

async function target(r: Request, id: string | undefined): Promise<UserRow> {
  await requireServiceRole(r.req, r.ctx.secretKey);
  const user = id && uuid.test(id) ? await userById(r.ctx.sql, id) : undefined;
  if (!user) throw new AuthError(404, "user_not_found", "User not found");
  return user;
}

/** GET /admin/users/:id */
export async function adminGetUser(r: Request, id?: string) {
  return { status: 200, body: userJson(await target(r, id)) };
}

/** DELETE /admin/users/:id (sessions, identities and tokens cascade) */
export async function adminDeleteUser(r: Request, id?: string) {
  const user = await target(r, id);
  await r.ctx.sql`delete from auth.users where id = ${user.id}`;
  return { status: 200, body: {} };
}

/** PUT /admin/users/:id {email?, password?, email_confirm?, user_metadata?, app_metadata?} */
export async function adminUpdateUser(r: Request, id?: string) {
  const user = await target(r, id);
  const { ctx, body } = r;
  const email = body.email === undefined ? undefined : normaliseEmail(str(body, "email"));
  if (email && email !== user.email && (await userByEmail(ctx.sql, email))) {
    throw new AuthError(422, "email_exists", "A user with this email address has already been registered");
  }
  const hash =
    body.password === undefined ? undefined : await hashPassword(checkPassword(ctx, str(body, "password")));
  const userMeta = obj(body, "user_metadata");
  const appMeta = obj(body, "app_metadata");
  await ctx.sql.begin(async (tx) => {
    if (email) {
      await tx`update auth.users set email = ${email} where id = ${user.id}`;
      await tx`update auth.identities set identity_data = identity_data || ${tx.json({ email })} where user_id = ${user.id} and provider = 'email'`;
    }
    if (hash) await tx`update auth.users set encrypted_password = ${hash} where id = ${user.id}`;
    if (body.email_confirm === true)
      await tx`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = ${user.id}`;
    if (userMeta)
      await tx`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || ${tx.json(userMeta as never)} where id = ${user.id}`;
    if (appMeta)
      await tx`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}') || ${tx.json(appMeta as never)} where id = ${user.id}`;
    await tx`update auth.users set updated_at = now() where id = ${user.id}`;
  });
  return { status: 200, body: userJson((await userById(ctx.sql, user.id))!) };
}
