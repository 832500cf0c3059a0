import { isSuspendedError, suspendedMessage } from "@/lib/moderation/suspension";
import type { ActionCode, ActionFailure } from "./result";

/** The fields of a Postgres error the actions read (postgres.js names them so). Never its wording. */
export type SqlError = {
  code?: string;
  detail?: string;
  hint?: string;
  constraint_name?: string;
  message?: string;
};

/** One action's own reading of an error: every field given must match. */
export type SqlErrorRule = {
  when: Pick<SqlError, "code" | "detail" | "hint" | "constraint_name">;
  fail: Omit<ActionFailure, "ok">;
};

/** Texts an action may put in place of the generic ones. */
export type ActionTexts = Partial<Record<"UNAUTHENTICATED" | "PROFILE_NOT_FOUND" | "UNAVAILABLE", string>>;

const asSql = (error: unknown): SqlError => (error && typeof error === "object" ? (error as SqlError) : {});

export function matchesRule(error: unknown, when: SqlErrorRule["when"]): boolean {
  const e = asSql(error);
  return (Object.keys(when) as (keyof SqlErrorRule["when"])[]).every((key) => e[key] === when[key]);
}

/**
 * The text of a rule the database refused with, meant for people, or null. SQL functions raise their
 * rules with the product's own texts: SQLSTATE P0001 (a rule), P0002 (not found), P0429 (too fast), and
 * 42501 (not allowed) with a hint. Postgres' own errors never use P0001 or P0429, and its permission
 * errors carry no hint, so their texts (table names, policies) never reach a person.
 */
export function ruleText(error: unknown): string | null {
  const e = asSql(error);
  if (typeof e.message !== "string") return null;
  if (e.code === "P0001" || e.code === "P0002" || e.code === "P0429") return e.message;
  if (e.code === "42501" && e.hint) return e.message;
  return null;
}

const codeOf = (e: SqlError): ActionCode | undefined => {
  if (e.hint === "PROFILE_NOT_FOUND" || e.detail === "PROFILE_NOT_FOUND") return "PROFILE_NOT_FOUND";
  if (e.code === "42501" && e.hint === "UNAUTHENTICATED") return "UNAUTHENTICATED";
  if (e.detail === "BLOCKED") return "BLOCKED";
  if (e.code === "P0429") return "RATE";
  return undefined;
};

/**
 * What an expected database refusal answers, or null for anything else (a bug or an outage, which the
 * caller logs): a suspended account first, then the action's own rules, then the rule texts.
 */
export function sqlFailure(
  error: unknown,
  rules: readonly SqlErrorRule[] = [],
  texts: ActionTexts = {},
): Omit<ActionFailure, "ok"> | null {
  // The refuse_suspended trigger: 42501 with detail ACCOUNT_SUSPENDED on every table.
  if (isSuspendedError(error)) return { error: suspendedMessage, code: "SUSPENDED" };
  const own = rules.find((rule) => matchesRule(error, rule.when));
  if (own) return own.fail;
  const text = ruleText(error);
  if (text === null) return null;
  const code = codeOf(asSql(error));
  const instead = code === "UNAUTHENTICATED" || code === "PROFILE_NOT_FOUND" ? texts[code] : undefined;
  return code ? { error: instead ?? text, code } : { error: text };
}

/** Code and message of a failed call for the logs; never the query's parameters (they hold user data). */
export function errorSummary(error: unknown): { code?: string; message: string } {
  const e = error as { code?: string; message?: string } | null;
  return { code: e?.code, message: e?.message ?? String(error) };
}
