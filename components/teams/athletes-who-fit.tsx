import Link from "next/link";
import type { FitCandidate } from "@/lib/teams/fit-ranking";
import { levelLabels, roleLabels } from "@/lib/teams/labels";
import type { ActionResult } from "@/lib/server-action/result";
import { TeamActionButton } from "./team-action-button";

type Props = {
  athletes: FitCandidate[];
  page: number;
  more: boolean;
  teamPath: string;
  urgentRole: string | null;
  /** The invite server action for one athlete, bound to the team by the page. */
  invite: (athleteId: string) => () => Promise<ActionResult>;
};

/**
 * "Athletes who fit" on the creator's own team page (docs/product.md#invitations): public athletes looking for a team whose leg
 * the team still needs, ranked (lib/teams/fit-ranking.ts), 5 at a time, each with Invite.
 */
export function AthletesWhoFit({ athletes, page, more, teamPath, urgentRole, invite }: Props) {
  if (athletes.length === 0)
    return (
      <p className="text-slate-700">
        {page > 1 ? "No more athletes to suggest." : "No athlete fits the legs you still need right now."}
      </p>
    );
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-200" aria-label="Athletes who fit">
        {athletes.map((a) => (
          <li key={a.profile_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <Link
                href={`/profile/${a.profile_id}`}
                className="text-ocean-900 font-semibold wrap-anywhere underline"
              >
                {a.full_name}
              </Link>
              <p className="text-sm text-slate-700">
                {roleLabels[a.specialty]}
                {a.specialty === urgentRole ? " (urgent leg)" : ""} · {levelLabels[a.experience_level]}
                {a.place ? ` · ${a.place}` : ""}
                {a.recently_active ? (
                  <span className="ml-2 inline-flex items-center gap-1 text-green-800">
                    <span aria-hidden="true" className="size-2 rounded-full bg-green-600" />
                    active now
                  </span>
                ) : null}
              </p>
            </div>
            <TeamActionButton
              action={invite(a.profile_id)}
              label="Invite"
              busyLabel="Inviting..."
              success={`Invitation sent to ${a.full_name}`}
              name={`Invite ${a.full_name}`}
              variant="secondary"
            />
          </li>
        ))}
      </ul>
      <nav aria-label="More athletes who fit" className="flex gap-3 text-sm">
        {page > 1 ? (
          <Link
            className="text-ocean-800 underline"
            href={page === 2 ? teamPath : `${teamPath}?fit=${page - 1}`}
          >
            Previous 5
          </Link>
        ) : null}
        {more ? (
          <Link className="text-ocean-800 underline" href={`${teamPath}?fit=${page + 1}`}>
            Next 5
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
