import { z } from "zod";

/**
 * Values of the local Supabase stand-in (supabase/local). They are used when no Supabase project is
 * configured, so `npm run dev` and `npm run build` work on a fresh clone. None of them is a secret:
 * they only open a database bound to 127.0.0.1 on the developer's own machine.
 */
export const localStack = {
  supabaseUrl: "http://127.0.0.1:54321",
  publishableKey: "sb_publishable_local_development_key",
  databaseUrl: "postgres://authenticator:local-authenticator@127.0.0.1:54322/postgres",
} as const;

const publicSchema = z.object({
  NEXT_PUBLIC_SUPABASE_URL: z.url({ protocol: /^https?$/ }),
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: z.string().min(1),
});

const serverSchema = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection string"),
});

function parse<T extends z.ZodType>(schema: T, values: Record<string, string | undefined>): z.infer<T> {
  const result = schema.safeParse(values);
  if (!result.success) {
    const names = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment variables — ${names}. See .env.example.`);
  }
  return result.data;
}

/** True when the app runs against the local stand-in rather than a hosted Supabase project. */
export const usesLocalStack = !process.env.NEXT_PUBLIC_SUPABASE_URL;

// NEXT_PUBLIC_ values must be read by their literal names so Next can inline them in client bundles.
export const publicEnv = parse(publicSchema, {
  NEXT_PUBLIC_SUPABASE_URL: process.env.NEXT_PUBLIC_SUPABASE_URL ?? localStack.supabaseUrl,
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY:
    process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY ?? localStack.publishableKey,
});

/** Server-only settings; call from server code only. */
export function serverEnv() {
  return parse(serverSchema, {
    DATABASE_URL: process.env.DATABASE_URL ?? (usesLocalStack ? localStack.databaseUrl : undefined),
  });
}
