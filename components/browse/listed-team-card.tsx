import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { ListedTeam } from "@/lib/data/browse";
import { experienceLabels, specialtyLabels } from "@/lib/validation/profile";
import { isUrgent, urgentNeedText } from "@/lib/teams/urgency";

/**
 * An open team in the listing. SEAM: the teams issue's reusable card (components/teams/team-card.tsx,
 * with Request to Join) replaces this once it lands; it takes the same `team` and `currentUserId`.
 */
export function ListedTeamCard({ team, currentUserId }: { team: ListedTeam; currentUserId: string | null }) {
  const own = currentUserId !== null && team.creator_id === currentUserId;
  const urgent =
    team.urgent_role && team.urgent_by && isUrgent(team)
      ? urgentNeedText(team.urgent_role, team.urgent_by)
      : null;
  const titleId = `team-${team.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        {urgent ? <Badge tone="warning">{urgent}</Badge> : null}
        {own ? <Badge tone="ocean">Your Team</Badge> : null}
        <Badge tone="success">
          {team.member_count}/{team.max_members} members
        </Badge>
      </div>
      <h3 id={titleId} className="text-ocean-950 mt-3 text-lg font-bold [overflow-wrap:anywhere]">
        {team.name}
      </h3>
      <p className="text-sm text-slate-600">{team.location || "Location TBD"}</p>
      <p className="mt-3 line-clamp-3 text-sm [overflow-wrap:anywhere] text-slate-800">{team.description}</p>
      <dl className="mt-4 space-y-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold text-slate-600">Looking for:</dt>
          <dd className="text-slate-900">
            {team.requirements.roles.map((r) => specialtyLabels[r]).join(", ")}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold text-slate-600">Experience Level:</dt>
          <dd className="text-slate-900">
            {team.requirements.experience_levels.map((l) => experienceLabels[l]).join(", ")}
          </dd>
        </div>
      </dl>
      <div className="mt-auto pt-5">
        <Link
          href={`/teams/${team.id}`}
          className="text-ocean-800 text-sm font-semibold underline underline-offset-2"
          aria-label={`View team ${team.name}`}
        >
          {own ? "Manage your team" : "View team"}
        </Link>
      </div>
    </article>
  );
}
