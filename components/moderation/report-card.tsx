import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { ModerationAction, QueuedReport } from "@/lib/data/reports";
import type { FaceImage } from "@/lib/photos/face-image";
import { reportReasonLabels } from "@/lib/validation/report";

const kindTitles: Record<string, string> = {
  message: "Message",
  profile: "Profile",
  photo: "Photo",
  session: "Session",
  session_rsvp: "Place in a session",
};

const when = (at: Date) =>
  at.toLocaleString("en-AU", { timeZone: "Australia/Brisbane", dateStyle: "medium", timeStyle: "short" });

/** One button = one form, so each action works without JavaScript and names its report. */
function ActionForm({
  action,
  reportId,
  name,
  label,
  variant = "secondary",
}: {
  action: (formData: FormData) => Promise<void>;
  reportId: string;
  name: ModerationAction;
  label: string;
  variant?: "primary" | "secondary" | "ghost";
}) {
  return (
    <form action={action}>
      <input type="hidden" name="reportId" value={reportId} />
      <input type="hidden" name="action" value={name} />
      <button type="submit" className={buttonClasses(variant, "md", "min-h-11")}>
        {label}
      </button>
    </form>
  );
}

/** A report in the queue: what was reported, by whom and why, its state now, and the moderator's actions. */
export function ReportCard({
  report: r,
  action,
  photo = null,
}: {
  report: QueuedReport;
  action: (formData: FormData) => Promise<void>;
  /** A photo report's photo, signed for the moderator (only they and its athlete may read it). */
  photo?: FaceImage | null;
}) {
  const titleId = `report-${r.id}`;
  const who = `${r.profile_full_name} (@${r.profile_username})`;
  return (
    <Card className="space-y-4" data-report-id={r.id}>
      <article aria-labelledby={titleId} className="space-y-4">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 id={titleId} className="text-ocean-950 text-lg font-bold">
              {kindTitles[r.kind] ?? "Profile"} {r.kind === "session" ? "hosted by" : "of"} {who}
            </h3>
            <p className="text-sm text-slate-600">
              Reported by {r.reporter_name},{" "}
              <time dateTime={r.created_at.toISOString()}>{when(r.created_at)}</time>
            </p>
          </div>
          <ul className="flex flex-wrap gap-2" aria-label="State">
            <li>
              <Badge tone="warning">{reportReasonLabels[r.reason]}</Badge>
            </li>
            {r.open_reports_on_target > 1 ? (
              <li>
                <Badge tone="ocean">{r.open_reports_on_target} open reports on this</Badge>
              </li>
            ) : null}
            {r.message_hidden ? (
              <li>
                <Badge>Message hidden</Badge>
              </li>
            ) : null}
            {r.profile_hidden ? (
              <li>
                <Badge>Profile hidden</Badge>
              </li>
            ) : null}
            {r.kind === "photo" && !r.photo_current ? (
              <li>
                <Badge>Replaced since</Badge>
              </li>
            ) : null}
            {r.account_suspended ? (
              <li>
                <Badge>Account suspended</Badge>
              </li>
            ) : null}
          </ul>
        </header>

        {r.kind === "message" || r.kind === "session" ? (
          <figure className="space-y-1">
            <figcaption className="text-sm font-semibold text-slate-700">
              {r.kind === "session" ? "The reported session, as it read" : "The reported message"}
            </figcaption>
            <blockquote className="rounded-lg border border-slate-200 bg-slate-50 p-3 [overflow-wrap:anywhere] whitespace-pre-line text-slate-900">
              {r.message_content}
            </blockquote>
          </figure>
        ) : r.kind === "photo" ? (
          <figure className="space-y-1">
            <figcaption className="text-sm font-semibold text-slate-700">The reported photo</figcaption>
            {photo ? (
              // eslint-disable-next-line @next/next/no-img-element -- already optimised (lib/photos/face-image.ts)
              <img
                src={photo.src}
                srcSet={photo.srcSet}
                sizes="192px"
                alt={`The reported photo of ${r.profile_full_name}`}
                width={192}
                height={192}
                loading="lazy"
                decoding="async"
                className="size-48 rounded-lg border border-slate-200 bg-slate-100 object-cover"
                style={{ color: "transparent" }}
              />
            ) : (
              <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
                This photo is no longer stored.
              </p>
            )}
            {r.photo_current ? null : (
              <p className="text-sm text-slate-700">
                {r.profile_full_name} has put up another photo since; removing this one leaves theirs.
              </p>
            )}
          </figure>
        ) : (
          <dl className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-semibold text-slate-700">Name</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">{who}</dd>
            <dt className="font-semibold text-slate-700">Bio</dt>
            <dd className="[overflow-wrap:anywhere] whitespace-pre-line text-slate-900">
              {r.profile_bio ?? "—"}
            </dd>
            <dt className="font-semibold text-slate-700">Goals</dt>
            <dd className="[overflow-wrap:anywhere] whitespace-pre-line text-slate-900">{r.profile_goals}</dd>
          </dl>
        )}

        {r.details ? (
          <figure className="space-y-1">
            <figcaption className="text-sm font-semibold text-slate-700">The reporter&apos;s note</figcaption>
            <blockquote className="border-ocean-100 border-l-4 pl-3 [overflow-wrap:anywhere] whitespace-pre-line text-slate-800">
              {r.details}
            </blockquote>
          </figure>
        ) : null}

        {(r.kind === "profile" || r.kind === "photo") && !r.profile_hidden ? (
          <p className="text-sm">
            <Link href={`/profile/${r.profile_id}`} className="text-ocean-800 underline underline-offset-2">
              Open the public profile of {r.profile_full_name}
            </Link>
          </p>
        ) : null}

        <div className="flex flex-wrap items-start gap-2 border-t border-slate-200 pt-4">
          {r.kind === "message" ? (
            <ActionForm
              action={action}
              reportId={r.id}
              name="hide_message"
              label="Hide message"
              variant="primary"
            />
          ) : r.kind === "photo" ? (
            <ActionForm
              action={action}
              reportId={r.id}
              name="remove_photo"
              label="Remove photo"
              variant="primary"
            />
          ) : r.kind === "session" ? (
            <ActionForm
              action={action}
              reportId={r.id}
              name="hide_session"
              label="Hide session"
              variant="primary"
            />
          ) : r.kind === "session_rsvp" ? (
            <ActionForm
              action={action}
              reportId={r.id}
              name="remove_rsvp"
              label="Take out of the session"
              variant="primary"
            />
          ) : (
            <ActionForm
              action={action}
              reportId={r.id}
              name="hide_profile"
              label="Hide profile"
              variant="primary"
            />
          )}
          {r.account_suspended ? null : (
            <details className="group">
              <summary
                className={buttonClasses(
                  "secondary",
                  "md",
                  "min-h-11 cursor-pointer list-none [&::-webkit-details-marker]:hidden",
                )}
              >
                Suspend account…
              </summary>
              <div className="mt-2 space-y-2 rounded-lg border border-slate-200 p-3">
                <p className="max-w-xs text-sm text-slate-700">
                  {r.profile_full_name} will not be able to sign in to write, send messages or change
                  anything.
                </p>
                <ActionForm
                  action={action}
                  reportId={r.id}
                  name="suspend"
                  label={`Suspend @${r.profile_username}`}
                  variant="primary"
                />
              </div>
            </details>
          )}
          <ActionForm action={action} reportId={r.id} name="dismiss" label="Dismiss report" variant="ghost" />
        </div>
      </article>
    </Card>
  );
}
