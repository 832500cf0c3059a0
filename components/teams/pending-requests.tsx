import Link from "next/link";
import type { TeamMember } from "@/lib/data/teams";
import { buttonClasses } from "@/components/ui/button";
import { requestPath } from "@/lib/teams/decision-paths";
import { legOf, levelLabels, roleLabels } from "@/lib/teams/labels";
import { acceptRequestAction, declineRequestAction } from "@/lib/actions/teams";
import { MemberName } from "./member-list";
import { TeamActionButton } from "./team-action-button";

/**
 * The creator's queue: each request with the leg asked for, Accept and Decline. A request whose leg another
 * athlete races now has no one-press Accept: its page lets the creator pick the leg.
 */
export function PendingRequests({
  teamId,
  members,
  full,
}: {
  teamId: string;
  members: TeamMember[];
  full: boolean;
}) {
  const pending = members.filter((m) => m.status === "pending");
  if (!pending.length) return <p className="text-slate-700">No pending requests.</p>;
  return (
    <div className="space-y-3">
      {full ? (
        <p className="text-sm text-orange-900">
          The team is full: remove a member or raise the team size to accept.
        </p>
      ) : null}
      <ul className="divide-y divide-slate-200" aria-label="Pending requests">
        {pending.map((m) => {
          const who = m.full_name ?? "this athlete";
          return (
            <li key={m.member_id} className="space-y-2 py-3">
              <MemberName member={m} />
              <p className="text-sm text-slate-700">
                Wants to race as {roleLabels[m.role]}
                {m.experience_level ? ` · ${levelLabels[m.experience_level]}` : ""} ·{" "}
                <Link href="/messages" className="text-ocean-800 underline">
                  Messages
                </Link>
              </p>
              {m.leg_taken ? (
                <p className="text-sm font-medium text-orange-900">
                  The {legOf[m.role].toLowerCase()} leg is taken now: choose the leg they will race.
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {m.leg_taken ? (
                  <Link
                    href={requestPath(teamId, m.member_id)}
                    className={buttonClasses("primary", "md")}
                    aria-label={`Choose a leg for ${who}`}
                  >
                    Choose a leg
                  </Link>
                ) : (
                  <TeamActionButton
                    action={acceptRequestAction.bind(null, m.member_id)}
                    label="Accept"
                    busyLabel="Accepting..."
                    success="Request accepted"
                    name={`Accept ${who}`}
                    focusAfter="team-members"
                  />
                )}
                <TeamActionButton
                  action={declineRequestAction.bind(null, m.member_id)}
                  label="Decline"
                  busyLabel="Declining..."
                  success="Request declined"
                  variant="secondary"
                  name={`Decline ${who}`}
                  focusAfter="team-members"
                />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
