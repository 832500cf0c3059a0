import { AuthError } from "../../http.ts";
import { requireUser } from "../bearer.ts";
import { checkPassword, normaliseEmail, obj, str, type Request } from "../context.ts";
import { limitEmailChange, sendEmailChange } from "../email-change.ts";
import { redirectTarget } from "../mail.ts";
import { hashPassword, userByEmail, userById, userJson, verifyPassword } from "../users.ts";

/** GET /user */
export async function getUser(r: Request) {
  const { user } = await requireUser(r.ctx, r.req);
  return { status: 200, body: userJson(user) };
}

/** PUT /user: password, e-mail (confirmed from the new address, and the current one too when secure), data. */
export async function updateUser(r: Request) {
  const { ctx, body } = r;
  const { user } = await requireUser(ctx, r.req);
  const password = body.password === undefined ? undefined : checkPassword(ctx, str(body, "password"));
  const data = body.data === undefined ? undefined : obj(body, "data");
  if (body.data !== undefined && !data)
    throw new AuthError(400, "validation_failed", "data must be an object");
  const email = body.email === undefined ? undefined : normaliseEmail(str(body, "email"));
  const newEmail = email && email !== user.email ? email : undefined;
  if (password && (await verifyPassword(password, user.encrypted_password))) {
    throw new AuthError(422, "same_password", "New password should be different from the old password.");
  }
  if (newEmail && (await userByEmail(ctx.sql, newEmail))) {
    throw new AuthError(422, "email_exists", "A user with this email address has already been registered");
  }
  if (newEmail && ctx.config.enable_confirmations) limitEmailChange(ctx, user.id);
  const hash = password ? await hashPassword(password) : undefined;
  await ctx.sql.begin(async (tx) => {
    if (hash)
      await tx`update auth.users set encrypted_password = ${hash}, updated_at = now() where id = ${user.id}`;
    if (data) {
      // GoTrue merges metadata; a null value removes the key.
      const removed = Object.keys(data).filter((k) => data[k] === null);
      await tx`update auth.users set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}') || ${tx.json(data as never)})
               - ${removed}::text[], updated_at = now() where id = ${user.id}`;
    }
    if (newEmail && !ctx.config.enable_confirmations) {
      await tx`update auth.users set email = ${newEmail}, updated_at = now() where id = ${user.id}`;
      await tx`update auth.identities set identity_data = identity_data || ${tx.json({ email: newEmail })}
               where user_id = ${user.id} and provider = 'email'`;
    }
  });
  if (newEmail && ctx.config.enable_confirmations) {
    const redirect = redirectTarget(ctx, r.url.searchParams.get("redirect_to"));
    await sendEmailChange(ctx, user, newEmail, body, redirect);
  }
  return { status: 200, body: userJson((await userById(ctx.sql, user.id))!) };
}
