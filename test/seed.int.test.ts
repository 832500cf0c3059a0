import { afterAll, describe, expect, it } from "vitest";
import { withRls } from "@/lib/db";
import { parseFilters } from "@/lib/browse/filters";
import { listAthletes, type ListedAthlete } from "@/lib/data/browse";
import { longAuDate } from "@/lib/format/au-date";
import { event } from "@/lib/site";
import { noosaToday } from "@/lib/teams/urgency";
import { addDays } from "@/lib/validation/team";
import { adminSql } from "@/test/fixtures/athletes";

// The demo data (supabase/seed.sql), as the stack applied it on this new database: its story agrees with
// race day and today, and a newcomer's Browse shows athletes of every leg and level.
const admin = adminSql();
afterAll(() => admin.end());

const demoProfile = "e0000000-0000-4000-8000-00000000000_";
const demoTeam = "7ea40000-0000-4000-8000-00000000000_";
// A month, or a day counted from when the text was written: only race day's own words may name a day.
const dayWords =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December|this week(end)?|tomorrow)\b/i;

describe("the demo data", () => {
  it("sets Peregian's urgent day 3 days from today, never after race day, and no other urgent day", async () => {
    const teams = await admin<{ name: string; urgent_role: string | null; urgent_by: string | null }[]>`
      select name, urgent_role, urgent_by::text from public.teams where id::text like ${demoTeam} order by id`;
    const today = noosaToday();
    const expected = event.raceDay >= today ? [addDays(today, 3), event.raceDay].sort()[0]! : null;
    expect(teams.map((t) => [t.name, t.urgent_role, t.urgent_by])).toEqual([
      ["Noosa Heads Dawn Patrol", null, null],
      ["Hinterland Hammers", null, null],
      ["Peregian Pace Setters", expected ? "runner" : null, expected],
      ["Sunday Social Relay", null, null],
    ]);
  });

  it("names no day in its words but race day, as lib/site.ts has it", async () => {
    const raceWords = longAuDate(event.raceDay);
    const texts = await admin<{ text: string }[]>`
      select description as text from public.teams where id::text like ${demoTeam}
      union all
      select concat_ws(' ', bio, goals, training_preference) from public.profiles where id::text like ${demoProfile}`;
    for (const { text } of texts) expect(text.replaceAll(raceWords, ""), text).not.toMatch(dayWords);
    // The teams that race say which day they race.
    expect(texts.filter((t) => t.text.includes(raceWords)).length).toBeGreaterThanOrEqual(2);
  });

  it("tells the README's story: each team in its state, Noah's request to Mia, Mia's three conversations", async () => {
    const teams = await admin<{ name: string; status: string; active: number; pending: string[] }[]>`
      select t.name, t.status,
             count(*) filter (where m.status = 'active')::int as active,
             coalesce(array_agg(p.username order by p.username) filter (where m.status = 'pending'), '{}') as pending
      from public.teams t
      join public.team_members m on m.team_id = t.id
      join public.profiles p on p.id = m.profile_id
      where t.id::text like ${demoTeam}
      group by t.id order by t.id`;
    expect(teams).toEqual([
      { name: "Noosa Heads Dawn Patrol", status: "open", active: 1, pending: ["noah_strides"] },
      { name: "Hinterland Hammers", status: "full", active: 3, pending: [] },
      { name: "Peregian Pace Setters", status: "open", active: 1, pending: [] },
      { name: "Sunday Social Relay", status: "closed", active: 1, pending: [] },
    ]);
    const [mia] = await admin<{ conversations: number; unread: number }[]>`
      select count(distinct c.id)::int as conversations,
             count(m.id) filter (where not m.read and m.sender_id <> p.id)::int as unread
      from public.profiles p
      join public.conversations c on p.id in (c.participant_one_id, c.participant_two_id)
      left join public.messages m on m.conversation_id = c.id
      where p.username = 'mia_swims'`;
    // Jack's last message and Noah's request are unread: the Messages badge says 2.
    expect(mia).toEqual({ conversations: 3, unread: 2 });
  });

  it("lists athletes of all three legs and all four levels on a visitor's Browse", async () => {
    const listed: ListedAthlete[] = [];
    for (let page = 1; ; page++) {
      const { items } = await withRls(null, (tx) => listAthletes(tx, parseFilters({ ap: String(page) })));
      if (items.length === 0) break;
      listed.push(...items);
    }
    const demo = listed.filter((a) => a.id.startsWith("e0000000-0000-4000-8000-00000000000"));
    expect(demo.length).toBeGreaterThanOrEqual(6);
    expect(new Set(demo.map((a) => a.specialty))).toEqual(new Set(["swimmer", "cyclist", "runner"]));
    expect(new Set(demo.map((a) => a.experience_level))).toEqual(
      new Set(["beginner", "intermediate", "advanced", "elite"]),
    );
  });

  it("has a week of training sessions around Noosa: one full with a waitlist, one called off, a series, a chat", async () => {
    const dates = await admin<
      {
        title: string;
        host: string;
        status: string;
        reason: string | null;
        days: number;
        going: string[];
        waiting: string[];
      }[]
    >`
      select s.title, h.username as host, o.status, o.cancel_reason as reason,
             ((o.starts_at at time zone 'Australia/Brisbane')::date
               - (now() at time zone 'Australia/Brisbane')::date) as days,
             coalesce(array_agg(p.username order by p.username) filter (where r.state = 'going'), '{}') as going,
             coalesce(array_agg(p.username order by r.waitlisted_at) filter (where r.state = 'waitlisted'), '{}')
               as waiting
      from public.session_occurrences o
      join public.training_sessions s on s.id = o.session_id
      join public.profiles h on h.id = s.host_id
      left join public.session_rsvps r on r.occurrence_id = o.id
      left join public.profiles p on p.id = r.profile_id
      where h.id::text like ${demoProfile}
        and o.id = (select x.id from public.session_occurrences x where x.session_id = s.id order by x.starts_at limit 1)
      group by s.id, h.username, o.id order by o.starts_at`;
    const byTitle = Object.fromEntries(dates.map((d) => [d.title, d]));
    expect(byTitle["Dawn ocean swim at Main Beach"]).toMatchObject({
      days: 1,
      status: "scheduled",
      going: ["priya_paces", "zoe_strokes"],
      waiting: ["tom_swims_open", "ben_jogs"],
    });
    expect(byTitle["Noosa Hill bike repeats"]).toMatchObject({ days: 2, status: "scheduled" });
    expect(byTitle["Sunshine Beach swim"]).toMatchObject({ status: "cancelled", reason: "weather" });
    expect(byTitle["Brick: 40 km ride, 5 km run"]).toMatchObject({ days: 5, status: "scheduled" });
    // The river run repeats on Tuesdays and Thursdays, within the week ahead.
    const [series] = await admin<{ n: number; weekdays: number[] }[]>`
      select count(*)::int as n, array_agg(distinct extract(isodow from o.starts_at at time zone 'Australia/Brisbane')::int) as weekdays
      from public.session_occurrences o join public.training_sessions s on s.id = o.session_id
      where s.title = 'River run on the foreshore'`;
    expect(series!.n).toBeGreaterThanOrEqual(8);
    expect(series!.weekdays.sort()).toEqual([2, 4]);
    // Nobody in the story of Messages is in any of it: Mia, Jack, Noah and Ava keep their badge.
    const [involved] = await admin<{ n: number }[]>`
      select count(*)::int as n from public.profiles p
      where p.username in ('mia_swims', 'jack_rides', 'noah_strides')
        and (exists (select 1 from public.training_sessions s where s.host_id = p.id)
             or exists (select 1 from public.session_rsvps r where r.profile_id = p.id))`;
    expect(involved!.n).toBe(0);
  });

  it("has a group chat on the full swim, read by its host and the two going, one message unread for each", async () => {
    const rows = await admin<{ username: string; unread: number }[]>`
      select p.username,
             (select count(*)::int from public.session_chat_messages m
              where m.occurrence_id = o.id and m.sender_id <> p.id
                and m.created_at > coalesce(rd.last_read_at, '-infinity')) as unread
      from public.session_occurrences o
      join public.training_sessions s on s.id = o.session_id and s.title = 'Dawn ocean swim at Main Beach'
      join public.session_chat_reads rd on rd.occurrence_id = o.id
      join public.profiles p on p.id = rd.profile_id
      order by p.username`;
    const [count] = await admin<{ n: number }[]>`
      select count(*)::int as n from public.session_chat_messages m
      join public.session_occurrences o on o.id = m.occurrence_id
      join public.training_sessions s on s.id = o.session_id and s.title = 'Dawn ocean swim at Main Beach'`;
    expect(count!.n).toBe(4);
    expect(rows).toEqual([
      { username: "liam_learns", unread: 0 },
      { username: "priya_paces", unread: 1 },
      { username: "zoe_strokes", unread: 1 },
    ]);
  });
});
