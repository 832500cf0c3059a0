import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { feedPath, feedTokenHash, newFeedToken } from "@/lib/calendar/feed-token";
import { pool, withRls, type Claims } from "@/lib/db";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import { createCalendarFeed, findMyCalendarFeed, findMyCalendarTeam, readCalendarFeed } from "./calendar";

// The private calendar feed: read without a session through public.calendar_feed (keyed by the token's
// hash), it follows the athlete's active memberships and shows nothing else; a replaced or revoked token
// answers like one never made. The feed route and the actions run here too, against the same database.
const session = vi.hoisted(() => ({ claims: null as Claims | null }));
vi.mock("@/lib/auth/session", () => ({ getClaims: async () => session.claims }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
const actions = await import("@/lib/actions/calendar-feed");
const feedRoute = await import("@/app/api/calendar/[file]/route");
const teamRoute = await import("@/app/api/teams/[id]/calendar/route");

const admin = adminSql();
let creator: Athlete, joiner: Athlete, stranger: Athlete;
let teamId = "";
let otherTeamId = "";

const asVisitor = <T>(fn: Parameters<typeof withRls<T>>[1]) => withRls(null, fn);
const feedOf = (token: string) => asVisitor((tx) => readCalendarFeed(tx, feedTokenHash(token)!));
async function makeFeed(a: Athlete): Promise<string> {
  const token = newFeedToken();
  await withRls(a.claims, (tx) => createCalendarFeed(tx, feedTokenHash(token)!));
  return token;
}
const getFeed = (token: string, headers: HeadersInit = {}) =>
  feedRoute.GET(new Request(`http://localhost${feedPath(token)}`, { headers }), {
    params: Promise.resolve({ file: `${token}.ics` }),
  });

beforeAll(async () => {
  creator = await makeAthlete(admin, { isPublic: true, name: "Cara Creator" });
  joiner = await makeAthlete(admin, { isPublic: true, name: "Jo Joiner" });
  stranger = await makeAthlete(admin, { isPublic: true, name: "Stu Stranger" });
  const [team] = await admin<{ id: string }[]>`
    insert into public.teams (name, description, location, creator_id, requirements, training_schedule)
    values ('Feed, Test; Relay', 'A team for the calendar feed test', 'Noosa Woods', ${creator.authId},
            '{"roles": ["swimmer", "runner"], "experience_levels": ["beginner"]}',
            '{"days": ["tuesday", "saturday"], "times": ["early_morning"]}') returning id`;
  teamId = team!.id;
  await admin`insert into public.team_members (team_id, profile_id, role, status)
    values (${teamId}, ${creator.profileId}, 'runner', 'active')`;
  // The stranger's own team, which must never show in anyone else's feed.
  const [other] = await admin<{ id: string }[]>`
    insert into public.teams (name, description, creator_id, requirements, status)
    values ('Stranger Things Relay', 'Nobody else may see this', ${stranger.authId},
            '{"roles": ["runner"], "experience_levels": ["beginner"]}', 'closed') returning id`;
  otherTeamId = other!.id;
  await admin`insert into public.team_members (team_id, profile_id, role, status)
    values (${otherTeamId}, ${stranger.profileId}, 'runner', 'active')`;
});
afterAll(async () => {
  await admin`delete from public.teams where id in ${admin([teamId, otherTeamId])}`;
  await dropAthletes(admin, [creator, joiner, stranger]);
  await admin.end();
  await pool().end();
});

describe("calendar feed", () => {
  it("shows a valid token's teams, with only what calendar entries need", async () => {
    const token = await makeFeed(creator);
    const teams = await feedOf(token);
    expect(teams).toHaveLength(1);
    expect(Object.keys(teams![0]!).sort()).toEqual(
      ["created_at", "id", "location", "name", "role", "training_schedule", "updated_at"].sort(),
    );
    expect(teams![0]).toMatchObject({ id: teamId, name: "Feed, Test; Relay", role: "runner" });
    expect(teams![0]!.training_schedule).toEqual({ days: ["tuesday", "saturday"], times: ["early_morning"] });
  });

  it("answers null for a token never made, and a replaced or revoked token stops at once", async () => {
    expect(await feedOf(newFeedToken())).toBeNull();
    const first = await makeFeed(joiner);
    expect(await feedOf(first)).toEqual([]);
    const second = await makeFeed(joiner);
    expect(await feedOf(first)).toBeNull();
    expect(await feedOf(second)).toEqual([]);
    await withRls(joiner.claims, (tx) => tx`select public.revoke_calendar_feed()`);
    expect(await feedOf(second)).toBeNull();
    expect(
      (
        await admin`select count(*)::int as n from public.calendar_feeds where profile_id = ${joiner.profileId}`
      )[0]!.n,
    ).toBe(0);
  });

  it("follows the teams the athlete is in: pending no, accepted yes, left no", async () => {
    const token = await makeFeed(joiner);
    await withRls(joiner.claims, (tx) => tx`select public.request_to_join_team(${teamId}, 'swimmer')`);
    expect(await feedOf(token)).toEqual([]);
    expect(await withRls(joiner.claims, (tx) => findMyCalendarTeam(tx, teamId, joiner.authId))).toBeNull();

    const [request] = await admin<{ id: string }[]>`
      select id from public.team_members where team_id = ${teamId} and profile_id = ${joiner.profileId}`;
    await withRls(creator.claims, (tx) => tx`select public.accept_join_request(${request!.id})`);
    expect((await feedOf(token))!.map((t) => [t.id, t.role])).toEqual([[teamId, "swimmer"]]);
    expect((await withRls(joiner.claims, (tx) => findMyCalendarTeam(tx, teamId, joiner.authId)))?.role).toBe(
      "swimmer",
    );

    await withRls(joiner.claims, (tx) => tx`select public.leave_team(${teamId})`);
    expect(await feedOf(token)).toEqual([]);
    expect(await withRls(joiner.claims, (tx) => findMyCalendarTeam(tx, teamId, joiner.authId))).toBeNull();
  });

  it("never shows a team the token's athlete is not in, nor another athlete's feed", async () => {
    const mine = await makeFeed(stranger);
    expect((await feedOf(mine))!.map((t) => t.id)).toEqual([otherTeamId]);
    const creators = await makeFeed(creator);
    expect((await feedOf(creators))!.map((t) => t.id)).toEqual([teamId]);
    expect(
      await withRls(stranger.claims, (tx) => findMyCalendarTeam(tx, teamId, stranger.authId)),
    ).toBeNull();

    // Own row only, and never the hash, for a signed-in athlete; nothing for a visitor.
    const seen = await withRls(stranger.claims, (tx) => tx`select profile_id from public.calendar_feeds`);
    expect(seen.map((r) => r.profile_id)).toEqual([stranger.profileId]);
    await expect(
      withRls(stranger.claims, (tx) => tx`select token_hash from public.calendar_feeds`),
    ).rejects.toMatchObject({ code: "42501" });
    await expect(asVisitor((tx) => tx`select profile_id from public.calendar_feeds`)).rejects.toMatchObject({
      code: "42501",
    });
    await expect(
      asVisitor((tx) => tx`select public.create_calendar_feed(${feedTokenHash(newFeedToken())})`),
    ).rejects.toMatchObject({ code: "42501" });
    expect(await withRls(stranger.claims, (tx) => findMyCalendarFeed(tx))).toBeInstanceOf(Date);
  });

  it("refuses a malformed hash and keeps one feed per athlete under ten parallel creates", async () => {
    await expect(
      withRls(stranger.claims, (tx) => tx`select public.create_calendar_feed('not-a-hash')`),
    ).rejects.toMatchObject({ code: "22023" });
    session.claims = stranger.claims;
    const results = await Promise.all(Array.from({ length: 10 }, () => actions.createCalendarFeedAction()));
    expect(results.every((r) => r.ok)).toBe(true);
    const [{ n }] = (await admin`
      select count(*)::int as n from public.calendar_feeds where profile_id = ${stranger.profileId}`) as [
      { n: number },
    ];
    expect(n).toBe(1);
    // Exactly one of the ten links works: the last one written.
    const live = await Promise.all(
      results.map((r) =>
        r.ok && r.feed
          ? feedOf(
              r.feed.https
                .split("/")
                .pop()!
                .replace(/\.ics$/, ""),
            )
          : null,
      ),
    );
    expect(live.filter((teams) => teams !== null)).toHaveLength(1);
  });
});

describe("suspension", () => {
  it("a suspended athlete can neither make nor turn off a feed", async () => {
    const token = await makeFeed(stranger);
    await admin`insert into private.suspended_accounts (user_id) values (${stranger.authId})`;
    try {
      await expect(
        withRls(stranger.claims, (tx) => createCalendarFeed(tx, feedTokenHash(newFeedToken())!)),
      ).rejects.toMatchObject({ code: "42501", message: "Your account is suspended" });
      await expect(
        withRls(stranger.claims, (tx) => tx`select public.revoke_calendar_feed()`),
      ).rejects.toMatchObject({
        code: "42501",
      });
      expect(await feedOf(token)).not.toBeNull();
    } finally {
      await admin`delete from private.suspended_accounts where user_id = ${stranger.authId}`;
    }
  });
});

describe("feed route", () => {
  it("serves the feed as text/calendar that a parser reads, with caching headers and 304s", async () => {
    const token = await makeFeed(creator);
    const res = await getFeed(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="noosa-tri-teams.ics"');
    expect(res.headers.get("cache-control")).toBe("private, max-age=900");
    const root = new ICAL.Component(ICAL.parse(await res.text()));
    const summaries = root.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v).summary);
    expect(summaries).toEqual([
      "Noosa Triathlon: Feed, Test; Relay relay",
      "Feed, Test; Relay: team training",
    ]);
    const again = await getFeed(token, { "If-None-Match": res.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("answers a revoked, unknown or malformed token with the same bare 404", async () => {
    session.claims = creator.claims;
    const made = await actions.createCalendarFeedAction();
    if (!made.ok || !made.feed) throw new Error("no feed");
    const token = made.feed.https
      .split("/")
      .pop()!
      .replace(/\.ics$/, "");
    expect((await getFeed(token)).status).toBe(200);
    expect(await actions.revokeCalendarFeedAction()).toEqual({ ok: true, feed: null });
    for (const res of [await getFeed(token), await getFeed(newFeedToken()), await getFeed("nope")]) {
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("Not found\n");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("team calendar route", () => {
  const get = (id: string) =>
    teamRoute.GET(new Request(`http://localhost/api/teams/${id}/calendar`), {
      params: Promise.resolve({ id }),
    });

  it("gives an active member the team's .ics and anyone else a 404", async () => {
    session.claims = creator.claims;
    const res = await get(teamId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="feed-test-relay.ics"');
    const events = new ICAL.Component(ICAL.parse(await res.text())).getAllSubcomponents("vevent");
    expect(events).toHaveLength(2);

    session.claims = stranger.claims;
    expect((await get(teamId)).status).toBe(404);
    expect((await get("not-a-uuid")).status).toBe(404);
    session.claims = null;
    const visitor = await get(teamId);
    expect(visitor.status).toBe(307);
    expect(visitor.headers.get("location")).toContain(`/auth?next=${encodeURIComponent(`/teams/${teamId}`)}`);
  });
});
