import { dismissUrgentLapseAction, markUrgentAgainAction } from "@/lib/actions/roster-prompts";
import type { Claims } from "@/lib/db";
import { withRls } from "@/lib/db";
import { findUrgentLapse } from "@/lib/data/roster-prompts";
import { roleLabels } from "@/lib/teams/labels";
import { shortDay } from "@/lib/teams/urgency";
import { TeamActionButton } from "./team-action-button";

const noun = { swimmer: "swimmer", cyclist: "cyclist", runner: "runner" } as const;

/**
 * For a team's creator: the member who covered the urgent leg left (or was removed) before its day. The
 * urgent need ended when they joined and does not come back by itself; this says so, with a one-press
 * "Mark urgent again" (same leg, same day) or Dismiss. Renders nothing otherwise (RLS: creator only).
 */
export async function UrgentLapseNotice({ claims, teamId }: { claims: Claims; teamId: string }) {
  const lapse = await withRls(claims, (tx) => findUrgentLapse(tx, teamId));
  if (!lapse) return null;
  const leg = noun[lapse.role];
  return (
    <section
      aria-labelledby="urgent-lapse-title"
      className="rounded-2xl border border-orange-200 bg-orange-50 p-4 sm:p-5"
      data-notice="urgent-lapse"
    >
      <h2 id="urgent-lapse-title" className="text-ocean-950 font-bold">
        Your {leg} has left the team
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        The {roleLabels[lapse.role]} leg is open again. It was urgent until {shortDay(lapse.needed_by)}, but
        it is not marked urgent any more.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <TeamActionButton
          action={markUrgentAgainAction.bind(null, teamId)}
          label="Mark urgent again"
          busyLabel="Saving..."
          success="Urgent need saved"
        />
        <TeamActionButton
          action={dismissUrgentLapseAction.bind(null, teamId)}
          label="Dismiss"
          name="Dismiss, leave it not urgent"
          busyLabel="Saving..."
          success="Left as it is"
          variant="secondary"
        />
      </div>
    </section>
  );
}
