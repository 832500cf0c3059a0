import { AthletesWhoFit } from "@/components/teams/athletes-who-fit";
import { Card } from "@/components/ui/card";
import type { listTeamInvitations } from "@/lib/data/team-invitations";
import type { Specialty } from "@/lib/labels";
import type { fitPage } from "@/lib/teams/fit-ranking";
import { roleLabels } from "@/lib/teams/labels";
import { inviteAthleteAction } from "../actions";

const statusText = { pending: "waiting for an answer", accepted: "accepted", declined: "declined" } as const;

type Props = {
  teamId: string;
  teamPath: string;
  urgentRole: Specialty | null;
  fitting: ReturnType<typeof fitPage>;
  page: number;
  sent: Awaited<ReturnType<typeof listTeamInvitations>>;
};

/** The creator's Athletes who fit, one page of them, with the invitations already sent below. */
export function FitCard({ teamId, teamPath, urgentRole, fitting, page, sent }: Props) {
  return (
    <Card>
      <h2 className="text-ocean-950 mb-1 text-xl font-bold">Athletes who fit</h2>
      <p className="mb-3 text-sm text-slate-700">
        Public athletes looking for a team, for the legs you still need: urgent leg first, then level, place
        and who is online.
      </p>
      <AthletesWhoFit
        athletes={fitting.athletes}
        page={page}
        more={fitting.more}
        teamPath={teamPath}
        urgentRole={urgentRole}
        invite={(athleteId) => inviteAthleteAction.bind(null, teamId, athleteId)}
      />
      {sent.length ? (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-600">Invitations sent</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-800" aria-label="Invitations sent">
            {sent.map((i) => (
              <li key={i.id}>
                {i.full_name} as {roleLabels[i.role].toLowerCase()}: {statusText[i.status]}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
