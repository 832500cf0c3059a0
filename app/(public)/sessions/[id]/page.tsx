import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { z } from "zod";
import { LiveGoingCount } from "@/components/sessions/live-going-count";
import { LiveSessionRefresh } from "@/components/sessions/live-session-refresh";
import { ReportButton } from "@/components/moderation/report-dialog";
import { MoveForm } from "@/components/sessions/move-form";
import { PlacesForm } from "@/components/sessions/places-form";
import { SessionForecast } from "@/components/sessions/session-forecast";
import { placesText } from "@/components/sessions/session-card";
import { SessionActionButton } from "@/components/sessions/session-action-button";
import { Badge } from "@/components/ui/badge";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  acceptOfferAction,
  cancelOccurrenceAction,
  declineOfferAction,
  leaveSessionAction,
  takePlaceAction,
  weatherCallAction,
} from "@/lib/actions/sessions";
import { getClaims } from "@/lib/auth/session";
import { withRls } from "@/lib/db";
import { sessionChatOnPage } from "@/lib/data/session-chat";
import { listAttendees, readSessionOccurrence, type Attendee, type SessionPage } from "@/lib/data/sessions";
import { sessionChatPath } from "@/lib/conversations/paths";
import { JsonLd } from "@/lib/seo/json-ld";
import { pageMetadata } from "@/lib/seo/metadata";
import { formatDuration, formatSessionStart, noosaDay, noosaTime, sessionPath } from "@/lib/sessions/format";
import { sessionEventJsonLd } from "@/lib/seo/session-json-ld";
import {
  levelLabels,
  paceBand,
  sportLabels,
  type PaceUnit,
  type SessionLevel,
  type SessionSport,
} from "@/lib/sessions/labels";
import { spotName } from "@/lib/sessions/spots";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

async function load(id: string) {
  if (!z.uuid().safeParse(id).success) return null;
  const claims = await getClaims();
  return withRls(claims, async (tx) => {
    const s = await readSessionOccurrence(tx, id, claims !== null);
    if (!s) return null;
    const [people, chat] = await Promise.all([
      listAttendees(tx, id),
      claims ? sessionChatOnPage(tx, id) : null,
    ]);
    return { s, people, chat, signedIn: claims !== null };
  });
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load((await params).id);
  if (!found) return { title: "Session Not Found", robots: { index: false, follow: true } };
  const { s } = found;
  return pageMetadata({
    title: `${s.title}, ${formatSessionStart(s.starts_at)}`,
    description: `${sportLabels[s.sport as SessionSport]} at ${spotName(s.meeting_point)}. ${placesText(s)}.`,
    path: sessionPath(s.occurrence_id),
    noindex: s.status === "cancelled" || s.team_only,
  });
}

/** What the caller's answer is, in words, and the buttons that change it. */
function Answer({ s, signedIn }: { s: SessionPage; signedIn: boolean }) {
  const id = s.occurrence_id;
  if (s.status === "cancelled")
    return <p className="font-semibold text-amber-800">This session is cancelled.</p>;
  if (s.started) return <p className="text-slate-700">This session has started.</p>;
  const full = s.places - s.going - s.held <= 0 || s.waiting > 0;
  // A visitor is told what signing in leads to: a place, or, when it is full, the waitlist.
  if (!signedIn)
    return (
      <LinkButton href={`/auth?next=${encodeURIComponent(sessionPath(id))}`}>
        {full ? "Sign in to join the waitlist" : "Sign in to take a place"}
      </LinkButton>
    );
  if (s.is_host) return <p className="text-slate-700">You&apos;re hosting this session.</p>;
  switch (s.my_state) {
    case "going":
      return (
        <div className="space-y-2">
          <p className="font-semibold text-emerald-800">You&apos;re going.</p>
          <SessionActionButton
            action={leaveSessionAction.bind(null, id)}
            label="Leave this session"
            busyLabel="Leaving…"
            variant="secondary"
          />
        </div>
      );
    case "waitlisted":
      return (
        <div className="space-y-2">
          <p className="font-semibold text-slate-800">
            You&apos;re on the waitlist. We&apos;ll tell you when a place is yours to take.
          </p>
          <SessionActionButton
            action={leaveSessionAction.bind(null, id)}
            label="Leave the waitlist"
            busyLabel="Leaving…"
            variant="secondary"
          />
        </div>
      );
    case "offered":
      return (
        <div className="space-y-2">
          <p className="font-semibold text-emerald-800">
            {s.my_offer_kind === "open"
              ? "A place is free: the first to take it gets it."
              : `A place is held for you until ${formatSessionStart(s.my_offer_expires_at!)}.`}
          </p>
          <div className="flex flex-wrap gap-2">
            <SessionActionButton
              action={acceptOfferAction.bind(null, id)}
              label="Take the place"
              busyLabel="Taking…"
            />
            <SessionActionButton
              action={declineOfferAction.bind(null, id)}
              label="Let it go"
              busyLabel="Letting go…"
              variant="secondary"
            />
          </div>
        </div>
      );
    default:
      return (
        <SessionActionButton
          action={takePlaceAction.bind(null, id)}
          label={full ? "Full: join the waitlist" : "Take a place"}
          busyLabel="Answering…"
        />
      );
  }
}

/** "Report" beside an athlete's place: the report dialog of the rest of the app, for this place. */
function ReportPlace({ person }: { person: Attendee }) {
  return (
    <ReportButton
      kind="session_rsvp"
      targetId={person.rsvp_id}
      subject={`${person.full_name}'s place`}
      ariaLabel={`Report ${person.full_name}'s place`}
      className="text-ocean-800 hover:text-ocean-950 inline-flex min-h-10 items-center text-sm underline underline-offset-2"
    />
  );
}

/** A session date's public page: what, when, where, who's going, and the caller's answer. */
export default async function SessionDatePage({ params }: Props) {
  const found = await load((await params).id);
  if (!found) notFound();
  const { s, people, chat, signedIn } = found;
  const pace = paceBand(s.pace_unit as PaceUnit | null, s.pace_from, s.pace_to);
  const going = people.filter((p) => ["going", "attended", "no_show"].includes(p.state));
  const waiting = people.filter((p) => p.state === "waitlisted" || p.state === "offered");
  const live = s.status === "scheduled" && !s.started;
  const full = s.places - s.going - s.held <= 0 || s.waiting > 0;
  // The host and those with an answer already are not invited to join the waitlist or be the first.
  const inside = s.is_host || ["going", "waitlisted", "offered"].includes(s.my_state ?? "");
  // Report beside each place but one's own: for the host and those going (the SQL rule), and for visitors,
  // whom the button sends to sign in.
  const reportable = (p: Attendee) => (!signedIn || s.may_report_places) && p.rsvp_id !== s.my_rsvp_id;
  return (
    <>
      <JsonLd data={sessionEventJsonLd(s)} />
      <div className="page-intro">
        <div className="page-intro-wide">
          <p className="page-intro-eyebrow">
            {sportLabels[s.sport as SessionSport]} · {levelLabels[s.level as SessionLevel]}
          </p>
          <h1 className="page-intro-title break-words">{s.title}</h1>
          <p className="page-intro-lede">
            <time dateTime={s.starts_at}>{formatSessionStart(s.starts_at)}</time> at{" "}
            {spotName(s.meeting_point)}
          </p>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 lg:grid-cols-3">
        <div className="space-y-4 lg:order-last">
          <Card className="space-y-3">
            <h2 className="text-ocean-950 text-xl font-bold">Places</h2>
            <p className="font-semibold text-slate-800">{placesText(s, inside)}</p>
            <p className="text-sm text-slate-700">
              {s.is_host && live ? (
                <LiveGoingCount occurrenceId={s.occurrence_id} going={s.going} places={s.places} />
              ) : (
                `${s.going} going of ${s.places}`
              )}
            </p>
            <Answer s={s} signedIn={signedIn} />
          </Card>
          {s.is_host && live ? <LiveSessionRefresh occurrenceId={s.occurrence_id} /> : null}
          {s.is_host && live ? (
            <Card className="space-y-3">
              <h2 className="text-ocean-950 text-xl font-bold">Host</h2>
              <p className="text-sm text-slate-700">
                The weather call tells everyone going or waiting at once.
              </p>
              <div className="flex flex-wrap gap-2">
                <SessionActionButton
                  action={weatherCallAction.bind(null, s.occurrence_id, "on")}
                  label="It's on"
                  busyLabel="Telling everyone…"
                  variant="secondary"
                />
                <SessionActionButton
                  action={weatherCallAction.bind(null, s.occurrence_id, "cancelled")}
                  label="Cancel for weather"
                  busyLabel="Telling everyone…"
                  variant="secondary"
                />
                <SessionActionButton
                  action={cancelOccurrenceAction.bind(null, s.occurrence_id)}
                  label="Cancel this date"
                  busyLabel="Cancelling…"
                  variant="ghost"
                />
              </div>
              <PlacesForm occurrenceId={s.occurrence_id} places={s.places} />
              <MoveForm
                occurrenceId={s.occurrence_id}
                day={noosaDay(s.starts_at)}
                time={noosaTime(s.starts_at)}
                meetingPoint={s.meeting_point}
                today={noosaDay(new Date())}
              />
            </Card>
          ) : null}
        </div>
        <div className="space-y-4 lg:col-span-2">
          <Card className="space-y-2">
            <div className="flex flex-wrap gap-2">
              {s.status === "cancelled" ? (
                <Badge tone="warning">
                  Cancelled{s.cancel_reason === "weather" ? " for the weather" : ""}
                </Badge>
              ) : null}
              {s.weather_call === "on" && s.status === "scheduled" ? (
                <Badge tone="success">On: weather checked</Badge>
              ) : null}
              {s.moved_at && s.status === "scheduled" ? <Badge tone="warning">Moved</Badge> : null}
              {s.team_only ? <Badge>Team only</Badge> : null}
              {s.repeats ? <Badge tone="ocean">Weekly</Badge> : null}
            </div>
            <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="font-semibold text-slate-800">When</dt>
                <dd className="text-slate-700">
                  {formatSessionStart(s.starts_at)} · {formatDuration(s.duration_minutes)}
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-800">Meeting point</dt>
                <dd className="break-words text-slate-700">
                  {spotName(s.meeting_point)}
                  {s.meeting_note ? ` (${s.meeting_note})` : ""}
                </dd>
              </div>
              {live ? (
                <Suspense fallback={null}>
                  <SessionForecast meetingPoint={s.meeting_point} startsAt={s.starts_at} />
                </Suspense>
              ) : null}
              {pace ? (
                <div>
                  <dt className="font-semibold text-slate-800">Pace</dt>
                  <dd className="text-slate-700">{pace}</dd>
                </div>
              ) : null}
              <div>
                <dt className="font-semibold text-slate-800">Host</dt>
                <dd className="text-slate-700">{s.host_name ?? "An athlete"}</dd>
              </div>
              {s.route_url ? (
                <div>
                  <dt className="font-semibold text-slate-800">Route</dt>
                  <dd className="break-all">
                    <a
                      href={s.route_url}
                      rel="nofollow noopener"
                      target="_blank"
                      className="text-ocean-800 underline"
                    >
                      Open the route
                    </a>
                  </dd>
                </div>
              ) : null}
            </dl>
            {s.details ? <p className="break-words whitespace-pre-line text-slate-800">{s.details}</p> : null}
            <p className="text-xs text-slate-600">
              Leaving within {s.late_cancel_hours} hours of the start counts as a late cancellation. In the
              last {s.last_minute_hours} hours a freed place goes to the whole waitlist at once.
            </p>
          </Card>
          {chat ? (
            <Card className="space-y-2">
              <h2 className="text-ocean-950 text-xl font-bold">Group chat</h2>
              <p className="text-slate-700">
                For the host and everyone going ({chat.members} in it): where to meet, who brings what.
              </p>
              <LinkButton href={sessionChatPath(s.occurrence_id)} variant="secondary">
                Open the group chat
                {chat.unread ? <span className="ml-1">({chat.unread} unread)</span> : null}
              </LinkButton>
            </Card>
          ) : null}
          <Card className="space-y-2">
            <h2 className="text-ocean-950 text-xl font-bold">Who&apos;s going</h2>
            {going.length ? (
              <ul className="list-disc pl-5 text-slate-800">
                {going.map((p) => (
                  <li key={p.rsvp_id}>
                    <span className="flex flex-wrap items-center justify-between gap-x-3">
                      {p.profile_id && p.full_name !== "Private athlete" ? (
                        <Link href={`/profile/${p.profile_id}`} className="min-w-0 break-words underline">
                          {p.full_name}
                        </Link>
                      ) : (
                        <span className="min-w-0 break-words">{p.full_name}</span>
                      )}
                      {reportable(p) ? <ReportPlace person={p} /> : null}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-700">
                {full || inside ? "Nobody going yet." : "Nobody yet: be the first."}
              </p>
            )}
            {s.is_host && waiting.length ? (
              <>
                <h3 className="font-semibold text-slate-800">Waitlist</h3>
                <ol className="list-decimal pl-5 text-slate-800">
                  {waiting.map((p) => (
                    <li key={p.rsvp_id}>
                      <span className="flex flex-wrap items-center justify-between gap-x-3">
                        <span className="min-w-0 break-words">
                          {p.full_name}
                          {p.state === "offered" ? " (offered a place)" : ""}
                        </span>
                        {reportable(p) ? <ReportPlace person={p} /> : null}
                      </span>
                    </li>
                  ))}
                </ol>
              </>
            ) : null}
          </Card>
          {s.other_dates.length ? (
            <Card className="space-y-2">
              <h2 className="text-ocean-950 text-xl font-bold">Other dates</h2>
              <ul className="space-y-1">
                {s.other_dates.map((d) => (
                  <li key={d.occurrence_id}>
                    <Link href={sessionPath(d.occurrence_id)} className="text-ocean-800 underline">
                      {formatSessionStart(d.starts_at)}
                    </Link>
                    {d.status === "cancelled" ? " (cancelled)" : ""}
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <LinkButton href="/sessions" variant="ghost">
              All sessions
            </LinkButton>
            {s.is_host ? null : (
              <ReportButton
                kind="session"
                targetId={s.session_id}
                subject="this session"
                label="Report this session"
                className="text-ocean-800 hover:text-ocean-950 text-sm underline underline-offset-2"
              />
            )}
          </div>
        </div>
      </div>
    </>
  );
}
