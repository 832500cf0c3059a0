"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { joinIntentPath } from "@/lib/intent/join-path";
import { useSessionUserId } from "@/lib/supabase/use-session-user";
import type { TeamStatus } from "@/lib/validation/team";

// The press's work (the action, the sign-up and create-profile links, the toasts) is fetched on hover,
// focus or the press itself, not with every team card (docs/performance.md#page-weight).
const load = () => import("./join-request");

export type JoinTeamProps = {
  /** Only what the control needs: a server page passes these three fields, not the whole team. */
  team: { id: string; creator_id: string; status: TeamStatus };
  /**
   * The signed-in user's account (auth) id; null for a visitor, and on a shared copy (/browse), where it
   * is read from the session in the browser.
   */
  currentUserId: string | null;
  /**
   * The leg "Join as" starts on for someone with no specialty yet (lib/teams/suggested-leg.ts). Without
   * it, or for an athlete with a specialty, it starts on "My specialty".
   */
  suggested?: string | null;
  /** False for a signed-in account without a profile: it has no specialty to fall back on either. */
  hasSpecialty?: boolean;
  /**
   * The legs the team still needs (public.team_open_legs): "Join as" then offers only these, without "My
   * specialty", which may be a covered leg the database would refuse.
   */
  openLegs?: readonly string[];
};

type JoinTeamControlProps = JoinTeamProps & {
  /** The "Join as" choices, labelled, and the button's class list: made on the server (./join-team.tsx). */
  roles: { value: string; label: string }[];
  buttonClassName: string;
};

/**
 * The client half of JoinTeam. It sits on /browse, a public page, so what a press does (./join-request.ts,
 * with the toast code) is loaded only when the button is about to be pressed.
 */
export function JoinTeamControl({
  team,
  currentUserId: known,
  roles,
  buttonClassName,
  suggested,
  hasSpecialty,
  openLegs,
}: JoinTeamControlProps) {
  const router = useRouter();
  const currentUserId = useSessionUserId(known);
  const roleId = useId();
  // "My specialty" only for someone who may have one; a visitor starts on the leg the team needs.
  const choices = openLegs ? roles.filter((r) => openLegs.includes(r.value)) : roles;
  const mySpecialty = !openLegs && (!suggested || (currentUserId !== null && hasSpecialty !== false));
  const [chosen, setRole] = useState<string | null>(null);
  const role =
    chosen ??
    (mySpecialty
      ? ""
      : suggested && choices.some((r) => r.value === suggested)
        ? suggested
        : choices[0]?.value);
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const own = currentUserId !== null && currentUserId === team.creator_id;
  // Every leg raced: the database takes no request (docs/product.md), so the button says why instead.
  const covered = openLegs !== undefined && choices.length === 0;
  const joinable = !own && team.status === "open" && !covered;

  async function join(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Disabled at once, as before the work was fetched on demand: a second press sends nothing more.
    if (currentUserId) setState("sending");
    const { sendJoinRequest } = await load();
    await sendJoinRequest({ teamId: team.id, role, currentUserId, router, setState });
  }

  const label = own
    ? "Your Team"
    : team.status !== "open"
      ? `Team is ${team.status}`
      : covered
        ? "Every leg is covered"
        : state === "sending"
          ? "Sending Request..."
          : state === "sent"
            ? "Request Sent"
            : "Request to Join Team";

  // A form: before the page's scripts have run, pressing the button asks for the join step of the chosen
  // leg (where a visitor's request is remembered too), so it still leads on, one question later. With the
  // scripts, the request goes straight from here.
  return (
    <form method="get" action={joinIntentPath(team.id)} onSubmit={join} className="contents">
      {joinable && state !== "sent" ? (
        <div>
          <label htmlFor={roleId} className="block text-sm font-semibold text-slate-800">
            Join as
          </label>
          <select
            id={roleId}
            name="as"
            value={role ?? ""}
            onChange={(e) => setRole(e.target.value)}
            disabled={state !== "idle"}
            className="join-as"
          >
            {mySpecialty ? <option value="">My specialty</option> : null}
            {choices.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button
        type="submit"
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        className={buttonClassName}
        disabled={!joinable || state !== "idle"}
        aria-disabled={!joinable || state !== "idle"}
      >
        {label}
      </button>
    </form>
  );
}
