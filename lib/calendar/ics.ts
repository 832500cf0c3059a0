import ical, { escape, ICalEventRepeatingFreq, ICalEventStatus, ICalWeekday } from "ical-generator";
import type { TrainingDay, TrainingTime } from "@/lib/labels";
import { sessionPath } from "@/lib/sessions/format";
import { spotName } from "@/lib/sessions/spots";
import { absoluteUrl, calendar, event, site } from "@/lib/site";
import { legOf, roleLabels, type Role } from "@/lib/teams/labels";

/** What a calendar entry needs of a team the athlete races in (and nothing else about it). */
export type CalendarTeam = {
  id: string;
  name: string;
  location: string | null;
  training_schedule: { days: TrainingDay[]; times: TrainingTime[] };
  /** The leg this athlete races for the team. */
  role: Role;
  created_at: string;
  updated_at: string;
};

const weekday: Record<TrainingDay, ICalWeekday> = {
  monday: ICalWeekday.MO,
  tuesday: ICalWeekday.TU,
  wednesday: ICalWeekday.WE,
  thursday: ICalWeekday.TH,
  friday: ICalWeekday.FR,
  saturday: ICalWeekday.SA,
  sunday: ICalWeekday.SU,
};
// getUTCDay() order, for finding the first training day of a series.
const dayByIndex: TrainingDay[] = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
];
const legKm: Record<Role, number> = {
  swimmer: event.distances.swimKm,
  cyclist: event.distances.bikeKm,
  runner: event.distances.runKm,
};

const host = new URL(site.url).hostname;
const teamUrl = (id: string) => `${site.url}/teams/${id}`;

/** The calendar day in Noosa of an instant, as YYYY-MM-DD. */
export function noosaDay(iso: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: event.timeZone }).format(new Date(iso));
}

/** The first day on or after `from` (YYYY-MM-DD) that is one of `days`. */
export function firstTrainingDay(from: string, days: readonly TrainingDay[]): string {
  const d = new Date(`${from}T00:00:00Z`);
  for (let i = 0; i < 7 && !days.includes(dayByIndex[d.getUTCDay()]!); i++) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

// A change to the team (its schedule, its name) raises SEQUENCE, so an app that imported the file before
// takes the new copy over the old; minutes keep it far below iCalendar's 2^31 limit.
const sequenceOf = (updatedAt: string) => Math.floor(Date.parse(updatedAt) / 60_000);

// The one zone every entry uses: Noosa keeps no daylight saving, so UTC+10 all year round.
const vtimezone = (tz: string) =>
  tz === "Australia/Brisbane"
    ? [
        "BEGIN:VTIMEZONE",
        "TZID:Australia/Brisbane",
        "X-LIC-LOCATION:Australia/Brisbane",
        "BEGIN:STANDARD",
        "TZOFFSETFROM:+1000",
        "TZOFFSETTO:+1000",
        "TZNAME:AEST",
        "DTSTART:19700101T000000",
        "END:STANDARD",
        "END:VTIMEZONE",
      ].join("\r\n")
    : null;

/**
 * An iCalendar file with, for each team, race day (an all-day event) and its training schedule as weekly
 * repeating events in Noosa time, one series per time of day on the team's training days, from the team's
 * first training day until race day. UIDs depend only on the team, the race day and the time of day, so
 * importing the file again, or the feed refreshing, updates the entries instead of adding copies.
 */
export function buildCalendar({
  name,
  teams,
  sessions = [],
  refreshSeconds,
}: {
  name: string;
  teams: readonly CalendarTeam[];
  sessions?: readonly CalendarSession[];
  refreshSeconds?: number;
}): string {
  const cal = ical({
    // The library writes the calendar's name as given (it escapes event texts only): escaped here as the
    // TEXT it is, on one line.
    name: escape(name.replace(/\s+/g, " ").trim(), false),
    prodId: { company: site.name, product: "Team calendar", language: "EN" },
    // No calendar-wide zone (that would write DTSTAMP without its Z); each event names Noosa's.
    timezone: { name: null, generator: vtimezone },
    ttl: refreshSeconds ?? null,
  });

  for (const team of teams) {
    const stamp = new Date(team.updated_at);
    const sequence = sequenceOf(team.updated_at);
    const leg = `You race the ${legOf[team.role].toLowerCase()} leg (${legKm[team.role]} km) as the team's ${roleLabels[team.role].toLowerCase()}.`;
    cal.createEvent({
      id: `race-${event.raceDay}-team-${team.id}@${host}`,
      allDay: true,
      start: event.raceDay,
      summary: `${event.name}: ${team.name} relay`,
      description: `${leg}\nRace information: ${event.organiserUrl}\nTeam page: ${teamUrl(team.id)}`,
      location: site.defaultPlace,
      url: teamUrl(team.id),
      stamp,
      lastModified: stamp,
      sequence,
    });

    const { days, times } = team.training_schedule;
    if (days.length === 0) continue;
    const firstDay = firstTrainingDay(noosaDay(team.created_at), days);
    // Training stops on race day (the day itself is the race), unless the series starts after it.
    const until = firstDay < event.raceDay ? new Date(`${event.raceDay}T00:00:00+10:00`) : undefined;
    const repeating = {
      freq: ICalEventRepeatingFreq.WEEKLY,
      byDay: days.map((d) => weekday[d]),
      ...(until ? { until } : {}),
    };
    // Days without a time of day: an all-day entry on each of them.
    const slots = times.length ? times.map((time) => ({ time, ...calendar.trainingSlots[time] })) : [null];
    for (const slot of slots) {
      cal.createEvent({
        id: `training-${slot?.time ?? "day"}-team-${team.id}@${host}`,
        ...(slot
          ? {
              timezone: event.timeZone,
              start: `${firstDay}T${slot.start}:00`,
              end: `${firstDay}T${slot.end}:00`,
            }
          : { allDay: true, start: firstDay }),
        repeating,
        summary: `${team.name}: team training`,
        description: `Weekly training with your relay team.\nTeam page: ${teamUrl(team.id)}`,
        location: team.location ?? site.defaultPlace,
        url: teamUrl(team.id),
        stamp,
        lastModified: stamp,
        sequence,
      });
    }
  }
  // Training sessions: one event per date, in Noosa time (TZID), its UID the date's own so a move or a
  // cancellation (a higher SEQUENCE, STATUS:CANCELLED) updates the same entry.
  for (const s of sessions) {
    const start = new Date(s.starts_at);
    const end = new Date(start.getTime() + s.duration_minutes * 60_000);
    const url = absoluteUrl(sessionPath(s.occurrence_id));
    cal.createEvent({
      id: `session-${s.occurrence_id}@${host}`,
      timezone: event.timeZone,
      start: localDateTime(start),
      end: localDateTime(end),
      summary: `${s.status === "cancelled" ? "Cancelled: " : ""}${s.title}`,
      description: `${s.hosting ? "You host this session." : "You're going."}${s.meeting_note ? `\nMeet: ${s.meeting_note}` : ""}\nSession page: ${url}`,
      location: spotName(s.meeting_point),
      url,
      stamp: new Date(s.updated_at),
      lastModified: new Date(s.updated_at),
      sequence: s.sequence,
      status: s.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}

/** A session date as the feed carries it (public.calendar_feed_sessions). */
export type CalendarSession = {
  occurrence_id: string;
  title: string;
  sport: string;
  starts_at: string;
  duration_minutes: number;
  meeting_point: string;
  meeting_note: string | null;
  status: "scheduled" | "cancelled";
  sequence: number;
  updated_at: string;
  hosting: boolean;
};

/** "YYYY-MM-DDTHH:MM:SS" in Noosa, for an event written with TZID. */
function localDateTime(d: Date): string {
  return d.toLocaleString("sv-SE", { timeZone: event.timeZone, hour12: false }).replace(" ", "T");
}
