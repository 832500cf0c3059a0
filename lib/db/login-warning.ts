/** The app's own database login, made by a migration (README: Deploy, step 1). */
export const appLoginRole = "noosa_app";

/**
 * What a production server must say at start-up (instrumentation.ts) when DATABASE_URL logs in as
 * another role than the app's own, else null. Supabase's `postgres` bypasses RLS and reads every table,
 * auth.users included, so a query that forgot withRls would leak instead of being refused. The pooler's
 * user name is `<role>.<project-ref>`.
 */
export function databaseLoginWarning(env: Record<string, string | undefined>): string | null {
  if (env.NODE_ENV !== "production" || !env.DATABASE_URL) return null;
  let user: string;
  try {
    user = decodeURIComponent(new URL(env.DATABASE_URL).username);
  } catch {
    return null; // lib/env reports a malformed DATABASE_URL itself
  }
  const role = user.split(".")[0] ?? "";
  if (role === appLoginRole) return null;
  return [
    `SECURITY: DATABASE_URL logs in as "${role || "(no user)"}", not as ${appLoginRole}.`,
    role === "postgres"
      ? "postgres bypasses RLS and reads every table, auth.users included: a query that forgets withRls leaks rows."
      : "Whatever that role may read, a query that forgets withRls reads too.",
    `Give ${appLoginRole} a password and use the pooler user ${appLoginRole}.<project-ref> (README: Deploy, step 1).`,
  ].join(" ");
}
