/**
 * node supabase/local/with-stack.ts [--dev|--test] [--reset] -- <command ...>
 *
 * Runs <command> against a Supabase project: the configured one if NEXT_PUBLIC_SUPABASE_URL is set (in the
 * environment, .env.local or .env), otherwise the local stand-in (Postgres 17 + Auth + Realtime + mailbox),
 * which it starts first and stops after. Exits with the command's exit code.
 */
import module from "node:module";
import path from "node:path";

// Compiled modules are cached between runs: on a busy machine this halves the stack's start-up time.
module.enableCompileCache(path.resolve(import.meta.dirname, "../../node_modules/.cache/supabase-local"));
const { main } = await import("./run-with-stack.ts");
await main();
