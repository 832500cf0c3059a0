/**
 * Helpers for tests that run inside `supabase-local --test`: the official clients pointed at the stack,
 * confirmed users, the mailbox, and the fault switches. They read the environment the bin gives the command.
 */
export * from "./clients.ts";
export { dropRealtimeSockets, restartPostgres, setAuthFault } from "./faults.ts";
export {
  adminSql,
  anonClient,
  eventually,
  rawSocket,
  signedInUser,
  subscribe,
  trackedTransport,
  type Received,
} from "../realtime/test-support.ts";
