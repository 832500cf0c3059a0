import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { RequestSent } from "@/lib/data/request-sent";
import { firstName, requestPath } from "@/lib/teams/decision-paths";
import { legOf, roleLabels } from "@/lib/teams/labels";

const stands = {
  pending: { badge: "Pending", tone: "neutral", text: "Waiting for an answer." },
  taken: { badge: "Leg taken", tone: "warning", text: "Waiting for an answer." },
  active: { badge: "Accepted", tone: "success", text: "Accepted: you're in the team." },
  declined: { badge: "Declined", tone: "warning", text: "Declined this time." },
} as const;

/**
 * The top of a thread that began with the viewer's join request: what was asked (team and leg), that the
 * creator was e-mailed, how the answer will come, a link to the team and where the request stands. So
 * nobody has to read their own automatic message to know what happened. Self-contained: the thread places it.
 */
export function RequestSentCard({
  request,
  creatorName,
}: {
  request: RequestSent;
  creatorName: string | null;
}) {
  const creator = creatorName ? firstName(creatorName) : "The team's creator";
  const leg = roleLabels[request.role].toLowerCase();
  const status = stands[request.leg_taken ? "taken" : request.status];
  return (
    <section
      aria-labelledby="request-sent-title"
      className="border-ocean-100 bg-ocean-50 mx-4 mt-3 space-y-2 rounded-2xl border px-4 py-3 text-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="request-sent-title" className="text-ocean-950 font-bold">
          Request sent
        </h2>
        <Badge tone={status.tone}>{status.badge}</Badge>
      </div>
      <p>
        You asked to join <strong>{request.team_name}</strong> as the {leg}. {status.text}
      </p>
      {request.leg_taken ? (
        <p className="text-sm font-medium text-orange-900">
          Another athlete races the {legOf[request.role].toLowerCase()} leg now. Ask for an open leg or
          withdraw from your request&apos;s page.
        </p>
      ) : null}
      {request.status === "pending" ? (
        <p className="text-sm text-slate-700">
          {creator} has been e-mailed your request.{" "}
          {request.decision_emails
            ? "You'll get an e-mail when they decide, and their answer shows here."
            : "Your e-mails about answers are off in Settings, so their answer shows here and on your dashboard."}
        </p>
      ) : null}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link href={`/teams/${request.team_id}`} className="text-ocean-800 font-semibold underline">
          View {request.team_name}
        </Link>
        <Link href={requestPath(request.team_id, request.member_id)} className="text-ocean-800 underline">
          Your request
        </Link>
      </p>
    </section>
  );
}
