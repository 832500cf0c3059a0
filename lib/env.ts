import { z } from "zod";
import { localStack, supabasePublishableKey, supabaseUrl } from "./public-env.ts";

export { localStack };

const publicSchema = z.object({
  NEXT_PUBLIC_SUPABASE_URL: z.url({ protocol: /^https?$/ }),
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: z.string().min(1),
});

const serverSchema = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection string"),
  // Connections one server process (one function instance) may hold: docs/performance.md#pool.
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  // Transactions that may wait for a connection before new work is refused (docs/performance.md#shedding).
  DATABASE_SHED_WAITING: z.coerce.number().int().min(1).max(100_000).optional(),
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

export const publicEnv = parse(publicSchema, {
  NEXT_PUBLIC_SUPABASE_URL: supabaseUrl,
  NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: supabasePublishableKey,
});

/** Server-only settings; call from server code only. */
export function serverEnv() {
  return parse(serverSchema, {
    DATABASE_URL: process.env.DATABASE_URL || (usesLocalStack ? localStack.databaseUrl : undefined),
    DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX || undefined,
    DATABASE_SHED_WAITING: process.env.DATABASE_SHED_WAITING || undefined,
  });
}
