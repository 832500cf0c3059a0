/** Addresses of the local stack that `supabase-local --test` exported around Playwright. */
export function stackEnv(
  name:
    | "NEXT_PUBLIC_SUPABASE_URL"
    | "NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY"
    | "LOCAL_MAILBOX_URL"
    | "LOCAL_SERVICE_ROLE_KEY",
): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the e2e suite with \`npm run test:e2e\` (it starts the local stack).`,
    );
  return value;
}
