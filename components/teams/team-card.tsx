"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState, type ReactNode } from "react";
import { requestToJoinTeam } from "@/app/(protected)/teams/actions";
import { Button } from "@/components/ui/button";
import type { Team } from "@/lib/data/teams";
import { roleLabels, roleOrder } from "@/lib/teams/labels";
import { toastError, toastSuccess } from "@/lib/toast";
import { LegCoverage } from "./leg-coverage";
import { TeamFacts } from "./team-facts";
import { TeamStatusBadge } from "./team-status-badge";
import { UrgentBadge } from "./urgent-badge";

/** The fields the card shows: a `Team` as lib/data/teams.ts reads it (listOpenTeams, listMyTeams). */
export type TeamCardTeam = Pick<
  Team,
  | "id"
  | "name"
  | "description"
  | "location"
  | "creator_id"
  | "status"
  | "max_members"
  | "requirements"
  | "training_schedule"
  | "urgent_role"
  | "urgent_by"
  | "active_count"
  | "covered_roles"
>;

export type TeamCardProps = {
  team: TeamCardTeam;
  /** The signed-in user's account (auth) id, or null for a visitor. Tells ownership ("Your Team"). */
  currentUserId: string | null;
  /** Optional links under the card, e.g. View Details and Edit on /teams. */
  actions?: ReactNode;
};

// Spec §7/§9: after a successful request or a missing profile, move on after 1.5 s.
const redirectDelay = 1500;

/**
 * One team (spec §2 "Team card"), used on /teams and /browse. Its button asks to join: a visitor is sent
 * to /auth, an account without a profile to /create-profile, a sent request to /messages.
 */
export function TeamCard({ team, currentUserId, actions }: TeamCardProps) {
  const router = useRouter();
  const roleId = useId();
  const [role, setRole] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const own = currentUserId !== null && currentUserId === team.creator_id;
  const joinable = !own && team.status === "open";

  async function join() {
    if (!currentUserId) {
      toastError("Please sign in to join a team");
      router.push("/auth");
      return;
    }
    setState("sending");
    let result: Awaited<ReturnType<typeof requestToJoinTeam>>;
    try {
      result = await requestToJoinTeam(team.id, role);
    } catch {
      result = { ok: false, error: "Failed to send request" };
    }
    if (result.ok) {
      setState("sent");
      toastSuccess("Your request has been sent!");
      setTimeout(() => router.push("/messages"), redirectDelay);
      return;
    }
    setState("idle");
    toastError(result.error || "Failed to send request");
    if (result.code === "UNAUTHENTICATED") router.push("/auth");
    if (result.code === "PROFILE_NOT_FOUND") setTimeout(() => router.push("/create-profile"), redirectDelay);
  }

  const label = own
    ? "Your Team"
    : team.status !== "open"
      ? `Team is ${team.status}`
      : state === "sending"
        ? "Sending Request..."
        : state === "sent"
          ? "Request Sent"
          : "Request to Join Team";

  return (
    <article
      aria-labelledby={`team-${team.id}-name`}
      className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <header className="space-y-2">
        <div className="flex items-start justify-between gap-3">
          <h3 id={`team-${team.id}-name`} className="text-ocean-950 min-w-0 text-lg font-bold break-words">
            <Link href={`/teams/${team.id}`} className="hover:underline">
              {team.name}
            </Link>
          </h3>
          <TeamStatusBadge status={team.status} />
        </div>
        <p className="text-sm text-slate-700">
          {team.location ?? "Location TBD"} · {team.active_count}/{team.max_members} members
        </p>
        {team.urgent_role && team.urgent_by && team.status === "open" ? (
          <UrgentBadge role={team.urgent_role} by={team.urgent_by} />
        ) : null}
      </header>
      <p className="line-clamp-3 [overflow-wrap:anywhere] text-slate-800">{team.description}</p>
      <LegCoverage covered={team.covered_roles} compact />
      <TeamFacts team={team} />
      <div className="mt-auto space-y-3 border-t border-slate-200 pt-4">
        {joinable && state !== "sent" ? (
          <div>
            <label htmlFor={roleId} className="block text-sm font-semibold text-slate-800">
              Join as
            </label>
            <select
              id={roleId}
              value={role}
              onChange={(e) => setRole(e.target.value)}
              disabled={state !== "idle"}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              <option value="">My specialty</option>
              {roleOrder.map((r) => (
                <option key={r} value={r}>
                  {roleLabels[r]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <Button
          className="w-full"
          disabled={!joinable || state !== "idle"}
          aria-disabled={!joinable || state !== "idle"}
          onClick={join}
        >
          {label}
        </Button>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </article>
  );
}
