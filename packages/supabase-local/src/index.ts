/**
 * What a project may use of the stand-in from code: start and stop a stack, and the shape of a mailbox
 * message. Everything else is reached over HTTP (Auth, Realtime, the mailbox API, the `/__local` switches)
 * or through the `supabase-local` bin. Tests use `@noosa-tri/supabase-local/test-support`.
 */
export { startStack, type Mode, type Stack, type StackOptions } from "./stack.ts";
export type { Mail } from "./mailbox.ts";
export { dumpMigratedSchema } from "./postgres/schema-dump.ts";
