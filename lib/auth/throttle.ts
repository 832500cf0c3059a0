import "server-only";
import { pool } from "@/lib/db";

/**
 * The app's own brake on guessing, in front of Supabase Auth (whose limits count per address and, before
 * Sb-Forwarded-For, saw every visitor as this server). Failed attempts are counted in a sliding window in
 * Postgres (supabase/schema.sql), in three buckets:
 * - per client address: one attacker trying many accounts is stopped, nobody else is;
 * - per account from that address: guessing one account is slowed hard where it happens, while its owner
 *   elsewhere is not affected;
 * - per account from anywhere: a backstop against guessing from many addresses (the owner can still sign
 *   in with a magic link, which needs no password).
 * Successful attempts are forgiven, so only failures count. Refused attempts are not counted.
 */
export const throttleRules = {
  windowSeconds: 15 * 60,
  perAddress: 20,
  perAccountFromAddress: 5,
  perAccount: 50,
} as const;

export type ThrottledAction = "sign_in" | "verify_otp";

export type Attempt =
  { allowed: true; settle(failed: boolean): Promise<void> } | { allowed: false; message: string };

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

function buckets(action: ThrottledAction, ip: string | null, account: string) {
  const who = account.trim().toLowerCase();
  const rules: { bucket: string; limit: number }[] = [
    { bucket: `${action}:account:${who}`, limit: throttleRules.perAccount },
  ];
  // An unknown address is not one shared bucket: that would let one visitor block every other unknown one.
  if (ip) {
    rules.push(
      { bucket: `${action}:ip:${ip}`, limit: throttleRules.perAddress },
      { bucket: `${action}:account-ip:${who}|${ip}`, limit: throttleRules.perAccountFromAddress },
    );
  }
  return rules;
}

/**
 * Counts an attempt before it is made; `settle(false)` forgives it once it succeeded. If the database is
 * unreachable the attempt is allowed (Auth's own limits still apply) rather than locking everyone out.
 */
export async function beginAttempt(
  action: ThrottledAction,
  who: { ip: string | null; account: string },
): Promise<Attempt> {
  const rules = buckets(action, who.ip, who.account);
  let row: { attempt: string | null; retry_after_seconds: number } | undefined;
  try {
    const sql = pool();
    [row] = await sql<{ attempt: string | null; retry_after_seconds: number }[]>`
      select * from private.take_auth_attempt(${JSON.stringify(rules)}::text::jsonb, ${throttleRules.windowSeconds}::int)`;
  } catch (error) {
    console.error("auth throttle unavailable", { action, error: (error as Error).message });
    return { allowed: true, settle: async () => {} };
  }
  if (!row?.attempt)
    return { allowed: false, message: tooManyAttemptsMessage(row?.retry_after_seconds ?? 60) };
  const attempt = row.attempt;
  return {
    allowed: true,
    async settle(failed) {
      if (failed) return;
      await pool()`select private.forgive_auth_attempt(${attempt}::uuid)`.catch((error: Error) =>
        console.error("auth throttle: forgive failed", { action, error: error.message }),
      );
    },
  };
}
