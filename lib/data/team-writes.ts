import "server-only";
import type { Tx } from "@/lib/db";
import { sqlFailure } from "@/lib/server-action/sql-errors";
import type { TeamCreateInput, TeamRole, TeamUpdateInput } from "@/lib/validation/team";

// Thin calls of the SQL functions in supabase/migrations/*_teams.sql, which carry the rules
// (ownership, one team per creator, capacity, locking). Run them inside withRls as the signed-in user.

const jsonArgs = (tx: Tx, input: TeamCreateInput) =>
  [
    input.name,
    input.description,
    input.location,
    input.max_members,
    tx.json(input.requirements),
    tx.json(input.training_schedule),
  ] as const;

export async function createTeam(tx: Tx, input: TeamCreateInput): Promise<{ id: string }> {
  const [name, description, location, max, req, schedule] = jsonArgs(tx, input);
  const [row] = await tx<{ id: string }[]>`
    select id from public.create_team(${name}, ${description}, ${location}, ${max}::int, ${req}, ${schedule})`;
  return row!;
}

export async function updateTeam(tx: Tx, teamId: string, input: TeamUpdateInput): Promise<{ id: string }> {
  const [name, description, location, max, req, schedule] = jsonArgs(tx, input);
  const [row] = await tx<{ id: string }[]>`
    select id from public.update_team(${teamId}, ${name}, ${description}, ${location}, ${max}::int, ${req},
                                      ${schedule}, ${input.status})`;
  return row!;
}

export async function setUrgentNeed(tx: Tx, teamId: string, role: TeamRole | null, by: string | null) {
  await tx`select id from public.set_team_urgent_need(${teamId}, ${role}, ${by}::date)`;
}

export type JoinResult = { member: { id: string; status: string; role: TeamRole }; conversation_id: string };

export async function requestToJoin(tx: Tx, teamId: string, role: TeamRole | ""): Promise<JoinResult> {
  const [row] = await tx<{ result: JoinResult }[]>`
    select public.request_to_join_team(${teamId}, ${role || null}) as result`;
  return row!.result;
}

type Decision = "accept_join_request" | "decline_join_request" | "remove_team_member";

/** Accept or decline a pending request, or remove an active member (creator only). Returns the team id. */
export async function decide(tx: Tx, fn: Decision, memberId: string): Promise<{ team_id: string }> {
  const rows =
    fn === "accept_join_request"
      ? await tx<{ team_id: string }[]>`select team_id from public.accept_join_request(${memberId})`
      : fn === "decline_join_request"
        ? await tx<{ team_id: string }[]>`select team_id from public.decline_join_request(${memberId})`
        : await tx<{ team_id: string }[]>`select team_id from public.remove_team_member(${memberId})`;
  return rows[0]!;
}

/**
 * The creator accepts a request as the leg they pick: an open leg, or the leg asked for again as an extra
 * place (docs/product.md#join-requests). Without a pick, decide() accepts the leg asked for, if still free.
 */
export async function acceptAs(tx: Tx, memberId: string, role: TeamRole): Promise<{ team_id: string }> {
  const [row] = await tx<{ team_id: string }[]>`
    select team_id from public.accept_join_request(${memberId}, ${role})`;
  return row!;
}

/** The requester asks for another open leg on their pending request to `teamId`. */
export async function changeRequestLeg(tx: Tx, teamId: string, role: TeamRole): Promise<void> {
  await tx`select id from public.change_join_request_leg(${teamId}, ${role})`;
}

export async function leaveTeam(tx: Tx, teamId: string): Promise<void> {
  await tx`select id from public.leave_team(${teamId})`;
}

/** The text of an expected rule failure, or null for anything else (a bug or an outage). */
export function teamRuleMessage(error: unknown): string | null {
  return sqlFailure(error)?.error ?? null;
}
