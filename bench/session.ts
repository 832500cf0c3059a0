/**
 * The session cookies a signed-in browser would carry, made the way the app makes them: @supabase/ssr's
 * server client signs in with a password and hands its cookies to `setAll`.
 */
import { createServerClient } from "@supabase/ssr";

export async function sessionCookieHeader(email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const supabase = createServerClient(
    process.env.NEXT_PUBLIC_SUPABASE_URL!,
    process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY!,
    {
      cookies: {
        getAll: () => [...jar].map(([name, value]) => ({ name, value })),
        setAll: (cookies) =>
          cookies.forEach(({ name, value }) => (value ? jar.set(name, value) : jar.delete(name))),
      },
    },
  );
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}
