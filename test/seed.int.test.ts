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
});
