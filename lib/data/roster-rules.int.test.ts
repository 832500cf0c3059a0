import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFilters } from "@/lib/browse/filters";
import { pool, withRls } from "@/lib/db";
import type { TeamCreateInput } from "@/lib/validation/team";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import { listAthletes, listOpenTeams } from "./browse";
import { readLiveNumbers } from "./live-numbers";
import { answerLookingPrompt, findMyLookingPrompt, findUrgentLapse, markUrgentAgain } from "./roster-prompts";
import { acceptInvitation, inviteToTeam, listFitCandidates } from "./team-invitations";
import {
  acceptAs,
  createTeam,
  decide,
  leaveTeam,
  requestToJoin,
  setUrgentNeed,
  teamRuleMessage,
  updateTeam,
} from "./team-writes";
import { findTeamWithMembers } from "./teams";

// The roster rules (supabase/schema.sql), each against the real database: open legs, an
// urgent need ending when its leg is covered, "looking for a team" following membership, and the races.
const admin = adminSql({ max: 4 });
const run = randomUUID().slice(0, 8);
const created: Athlete[] = [];

async function athlete(specialty: "swimmer" | "cyclist" | "runner", label: string): Promise<Athlete> {
  const made = await makeAthlete(admin, {
    email: `${label}-${run}@example.test`,
    name: `${label[0]!.toUpperCase()}${label.slice(1)} Roster`,
    place: "Noosa Heads",
    isPublic: true,
    lookingForTeam: true,
    specialty,
    experienceLevel: "advanced",
    goals: `Race the ${specialty} leg`,
    avatar: false,
  });
  created.push(made);
  return made;
}

const teamInput = (name: string, patch: Partial<TeamCreateInput> = {}): TeamCreateInput => ({
  name: `${name} ${run}`,
  description: "A relay team for the roster rules test.",
  location: "Noosa Heads",
  max_members: 4,
  requirements: { roles: ["swimmer", "runner"], experience_levels: ["advanced"] },
  training_schedule: { days: ["saturday"], times: ["morning"] },
  ...patch,
});

async function failure(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return teamRuleMessage(error) ?? (error as { code?: string }).code;
  }
}

const inDays = async (n: number) =>
  (
    await admin<
      { d: string }[]
    >`select ((now() at time zone 'Australia/Brisbane')::date + ${n}::int)::text as d`
  )[0]!.d;
const teamRow = async (id: string) =>
  (
    await admin<{ urgent_role: string | null; status: string; open: string[] }[]>`
    select t.urgent_role, t.status, private.team_missing_roles(t) as open from public.teams t where t.id = ${id}`
  )[0]!;
const looking = async (a: Athlete) =>
  (
    await admin<{ l: boolean }[]>`select looking_for_team as l from public.profiles where id = ${a.profileId}`
  )[0]!.l;
const promptOf = (a: Athlete) => withRls(a.claims, findMyLookingPrompt);

/** A team by a cyclist creator that needs a swimmer and a runner, urgent for a runner in 3 days. */
async function urgentTeam(label: string, patch: Partial<TeamCreateInput> = {}) {
  const creator = await athlete("cyclist", `${label}boss`);
  const { id } = await withRls(creator.claims, (tx) => createTeam(tx, teamInput(label, patch)));
  await withRls(creator.claims, async (tx) => setUrgentNeed(tx, id, "runner", await inDays(3)));
  return { creator, id };
}
async function requestAs(a: Athlete, teamId: string, role: "swimmer" | "cyclist" | "runner" | "" = "") {
  return (await withRls(a.claims, (tx) => requestToJoin(tx, teamId, role))).member.id;
}

afterAll(async () => {
  await dropAthletes(admin, created);
  await admin.end();
  await pool().end();
});

describe("open legs", () => {
  let team: { creator: Athlete; id: string };
  beforeAll(async () => {
    team = await urgentTeam("legs");
  });

  it("are the required legs no active member races, in swim, bike, run order, read the same everywhere", async () => {
    expect((await teamRow(team.id)).open).toEqual(["swimmer", "runner"]);
    const swimmer = await athlete("swimmer", "legswim");
    await withRls(team.creator.claims, async (tx) =>
      decide(tx, "accept_join_request", await requestAs(swimmer, team.id)),
    );
    expect((await teamRow(team.id)).open).toEqual(["runner"]);
    // The team page, Browse's card and its "teams that need a <leg>" filter.
    const page = await withRls(null, (tx) => findTeamWithMembers(tx, team.id));
    expect(page?.open_legs).toEqual(["runner"]);
    const needSwimmer = await withRls(null, (tx) => listOpenTeams(tx, parseFilters({ role: "swimmer" })));
    expect(needSwimmer.items.map((t) => t.id)).not.toContain(team.id);
    const needRunner = await withRls(null, (tx) => listOpenTeams(tx, parseFilters({ role: "runner" })));
    expect(needRunner.items.find((t) => t.id === team.id)?.open_legs).toEqual(["runner"]);
  });

  it("are nothing for a hand-made row of a closed team the caller may not read", async () => {
    const closed = await urgentTeam("closed");
    await admin`update public.teams set status = 'closed' where id = ${closed.id}`;
    const outsider = await athlete("runner", "outsider");
    const [row] = await withRls(
      outsider.claims,
      (tx) => tx<{ legs: string[] }[]>`
      select public.team_open_legs(t) as legs from (select ${closed.id}::uuid as id,
        ${"x"}::text as name, ''::text as description, null::text as location, ${closed.creator.authId}::uuid as creator_id,
        'open'::text as status, 3 as max_members,
        '{"roles": ["swimmer", "runner"], "experience_levels": ["advanced"]}'::jsonb as requirements,
        '{"days": [], "times": []}'::jsonb as training_schedule, null::text as urgent_role, null::date as urgent_by,
        now() as created_at, now() as updated_at) t`,
    );
    expect(row!.legs).toEqual([]);
    const [own] = await withRls(
      closed.creator.claims,
      (tx) => tx<{ legs: string[] }[]>`
      select public.team_open_legs(t) as legs from public.teams t where t.id = ${closed.id}`,
    );
    expect(own!.legs).toEqual(["swimmer", "runner"]);
  });

  it("a team whose every leg is raced stays open while it has room, and is advertised as needing nobody", async () => {
    const t = await urgentTeam("allin");
    const swim = await athlete("swimmer", "allinswim");
    const runner = await athlete("runner", "allinrun");
    await withRls(t.creator.claims, async (tx) => {
      await decide(tx, "accept_join_request", await requestAs(swim, t.id));
    });
    await withRls(t.creator.claims, async (tx) =>
      decide(tx, "accept_join_request", await requestAs(runner, t.id)),
    );
    expect(await teamRow(t.id)).toEqual({ urgent_role: null, status: "open", open: [] });
    const forRunner = await withRls(null, (tx) => listOpenTeams(tx, parseFilters({ role: "runner" })));
    expect(forRunner.items.map((x) => x.id)).not.toContain(t.id);
    const entries = await admin<{ n: number }[]>`
      select count(*)::int as n from public.teams t where t.id = ${t.id}
        and t.status = 'open' and cardinality(public.team_open_legs(t)) > 0`;
    expect(entries[0]!.n).toBe(0);
    // Nobody to suggest: no leg is open.
    expect(await withRls(t.creator.claims, (tx) => listFitCandidates(tx, t.id))).toEqual([]);
    // Nor can a covered leg be marked urgent.
    expect(
      await failure(
        withRls(t.creator.claims, async (tx) => setUrgentNeed(tx, t.id, "runner", await inDays(2))),
      ),
    ).toBe("Your team already has a runner: choose a leg it still needs");
    expect(
      await failure(
        withRls(t.creator.claims, async (tx) => setUrgentNeed(tx, t.id, "cyclist", await inDays(2))),
      ),
    ).toBe("Your team is not looking for a cyclist: add the leg to its requirements first");
  });

  it("an edit that stops asking for the urgent leg ends the urgent need", async () => {
    const t = await urgentTeam("edit");
    await withRls(t.creator.claims, (tx) =>
      updateTeam(tx, t.id, {
        ...teamInput("edit"),
        requirements: { roles: ["swimmer"], experience_levels: ["advanced"] },
        status: "open",
      }),
    );
    expect(await teamRow(t.id)).toMatchObject({ urgent_role: null, open: ["swimmer"] });
    expect(
      await failure(
        withRls(t.creator.claims, async (tx) => setUrgentNeed(tx, t.id, "runner", await inDays(2))),
      ),
    ).toBe("Your team is not looking for a runner: add the leg to its requirements first");
  });
});

describe("an urgent need ends when its leg is covered", () => {
  it("by an accepted request, in the same transaction; the live numbers and lists agree", async () => {
    const t = await urgentTeam("accept");
    const runner = await athlete("runner", "acceptrun");
    const member = await requestAs(runner, t.id);
    const before = await withRls(null, readLiveNumbers);
    await withRls(t.creator.claims, async (tx) => {
      await decide(tx, "accept_join_request", member);
      // Inside the accepting transaction already.
      const [row] = await tx<
        { urgent_role: string | null }[]
      >`select urgent_role from public.teams where id = ${t.id}`;
      expect(row!.urgent_role).toBeNull();
    });
    const after = await withRls(null, readLiveNumbers);
    expect(after.urgent.runner).toBe(before.urgent.runner - 1);
    expect(await teamRow(t.id)).toMatchObject({ urgent_role: null, open: ["swimmer"] });
  });

  it("by an accepted invitation", async () => {
    const t = await urgentTeam("invite");
    const runner = await athlete("runner", "inviterun");
    await withRls(t.creator.claims, (tx) => inviteToTeam(tx, t.id, runner.profileId));
    const [row] = await admin<{ id: string }[]>`
      select id from public.team_invitations where team_id = ${t.id} and profile_id = ${runner.profileId}`;
    await withRls(runner.claims, (tx) => acceptInvitation(tx, row!.id));
    expect(await teamRow(t.id)).toMatchObject({ urgent_role: null, open: ["swimmer"] });
  });

  it("by any other way a member becomes active (a row written straight in SQL)", async () => {
    const t = await urgentTeam("direct");
    const runner = await athlete("runner", "directrun");
    await admin`insert into public.team_members (team_id, profile_id, role, status)
                values (${t.id}, ${runner.profileId}, 'runner', 'active')`;
    expect(await teamRow(t.id)).toMatchObject({ urgent_role: null });
    expect(await looking(runner)).toBe(false);
  });

  it("an urgent-leg alert queued before the leg was covered is not sent after", async () => {
    const t = await urgentTeam("alert");
    const fan = await athlete("runner", "alertfan");
    await admin`insert into public.notification_settings (profile_id, urgent_alerts) values (${fan.profileId}, true)`;
    // Set again so the alert is queued for the fan, who opted in after the first setting.
    await withRls(t.creator.claims, async (tx) => setUrgentNeed(tx, t.id, "runner", await inDays(2)));
    const content = () =>
      admin<{ c: { skip?: string; data?: unknown } }[]>`
        select private.notification_content(o, now()) as c from private.notification_outbox o
        where o.kind = 'urgent_alert' and o.team_id = ${t.id} and o.recipient_id = ${fan.profileId}`;
    expect((await content())[0]!.c.data).toBeTruthy();
    const runner = await athlete("runner", "alertrun");
    await withRls(t.creator.claims, async (tx) =>
      decide(tx, "accept_join_request", await requestAs(runner, t.id)),
    );
    expect((await content())[0]!.c).toEqual({ skip: "no longer urgent" });
  });

  it("a member of another leg leaves the need as it is", async () => {
    const t = await urgentTeam("otherleg");
    const swimmer = await athlete("swimmer", "otherswim");
    await withRls(t.creator.claims, async (tx) =>
      decide(tx, "accept_join_request", await requestAs(swimmer, t.id)),
    );
    expect(await teamRow(t.id)).toMatchObject({ urgent_role: "runner", open: ["runner"] });
  });

  it("if the member leaves before the day, the creator is told and can mark it again; it never comes back by itself", async () => {
    const t = await urgentTeam("lapse");
    const runner = await athlete("runner", "lapserun");
    await withRls(t.creator.claims, async (tx) =>
      decide(tx, "accept_join_request", await requestAs(runner, t.id)),
    );
    expect(await withRls(t.creator.claims, (tx) => findUrgentLapse(tx, t.id))).toBeNull();
    await withRls(runner.claims, (tx) => leaveTeam(tx, t.id));
    expect(await teamRow(t.id)).toMatchObject({ urgent_role: null, open: ["swimmer", "runner"] });
    const lapse = await withRls(t.creator.claims, (tx) => findUrgentLapse(tx, t.id));
    expect(lapse).toEqual({ role: "runner", needed_by: await inDays(3) });
    // Only the creator sees it.
    expect(await withRls(runner.claims, (tx) => findUrgentLapse(tx, t.id))).toBeNull();
    await expect(withRls(null, (tx) => tx`select * from public.team_urgent_fills`)).rejects.toMatchObject({
      code: "42501",
    });
    await withRls(t.creator.claims, (tx) => markUrgentAgain(tx, t.id));
    expect(await teamRow(t.id)).toMatchObject({ urgent_role: "runner" });
    expect(await withRls(t.creator.claims, (tx) => findUrgentLapse(tx, t.id))).toBeNull();
    expect(await failure(withRls(t.creator.claims, (tx) => markUrgentAgain(tx, t.id)))).toBe(
      "There is no urgent need to mark again",
    );
  });

  it("a removal lapses it too; a new member of that leg answers the notice", async () => {
    const t = await urgentTeam("removal");
    const runner = await athlete("runner", "removedrun");
    const member = await requestAs(runner, t.id);
    await withRls(t.creator.claims, (tx) => decide(tx, "accept_join_request", member));
    await withRls(t.creator.claims, (tx) => decide(tx, "remove_team_member", member));
    expect(await withRls(t.creator.claims, (tx) => findUrgentLapse(tx, t.id))).not.toBeNull();
    const next = await athlete("runner", "nextrun");
    await withRls(t.creator.claims, async (tx) =>
      decide(tx, "accept_join_request", await requestAs(next, t.id)),
    );
    expect(await withRls(t.creator.claims, (tx) => findUrgentLapse(tx, t.id))).toBeNull();
    expect(await teamRow(t.id)).toMatchObject({ urgent_role: null, open: ["swimmer"] });
  });
});

describe("an athlete in a team is not listed as looking for one", () => {
  it("joining unlists them and asks once; Keep me listed lists them again", async () => {
    const t = await urgentTeam("listing");
    const swimmer = await athlete("swimmer", "listswim");
    await withRls(t.creator.claims, async (tx) =>
      decide(tx, "accept_join_request", await requestAs(swimmer, t.id)),
    );
    expect(await looking(swimmer)).toBe(false);
    expect(await promptOf(swimmer)).toEqual({
      reason: "joined",
      team_id: t.id,
      team_name: `listing ${run}`,
      created: false,
    });
    const listed = await withRls(null, (tx) =>
      listAthletes(tx, parseFilters({ role: "swimmer", level: "advanced" })),
    );
    expect(listed.items.map((a) => a.id)).not.toContain(swimmer.profileId);
    // Nobody else's prompt is theirs to read.
    expect(await promptOf(t.creator)).toMatchObject({ reason: "joined", team_id: t.id, created: true });
    await withRls(swimmer.claims, (tx) => answerLookingPrompt(tx, true));
    expect(await looking(swimmer)).toBe(true);
    expect(await promptOf(swimmer)).toBeNull();
    // A second press (another tab) is the same answer, not an error.
    await withRls(swimmer.claims, (tx) => answerLookingPrompt(tx, true));
    expect(await looking(swimmer)).toBe(true);
  });

  it("leaving asks whether to be listed again; Not now keeps them unlisted", async () => {
    const t = await urgentTeam("leaving");
    const swimmer = await athlete("swimmer", "leaveswim");
    await withRls(t.creator.claims, async (tx) =>
      decide(tx, "accept_join_request", await requestAs(swimmer, t.id)),
    );
    await withRls(swimmer.claims, (tx) => leaveTeam(tx, t.id));
    expect(await promptOf(swimmer)).toEqual({
      reason: "left",
      team_id: t.id,
      team_name: `leaving ${run}`,
      created: false,
    });
    await withRls(swimmer.claims, (tx) => answerLookingPrompt(tx, false));
    expect(await looking(swimmer)).toBe(false);
    expect(await promptOf(swimmer)).toBeNull();
  });

  it("a withdrawn request is not leaving a team: no question", async () => {
    const t = await urgentTeam("withdraw");
    const swimmer = await athlete("swimmer", "withdrawswim");
    await requestAs(swimmer, t.id);
    await withRls(swimmer.claims, (tx) => leaveTeam(tx, t.id));
    expect(await promptOf(swimmer)).toBeNull();
    expect(await looking(swimmer)).toBe(true);
  });
});

describe("races, under the team row lock", () => {
  it("two accepts for the same leg at once: one member, the other refused (leg taken), the need ended once", async () => {
    const t = await urgentTeam("twoaccepts");
    const [a, b] = [await athlete("runner", "racea"), await athlete("runner", "raceb")];
    const [ma, mb] = [await requestAs(a, t.id), await requestAs(b, t.id)];
    const results = await Promise.allSettled([
      withRls(t.creator.claims, (tx) => decide(tx, "accept_join_request", ma)),
      withRls(t.creator.claims, (tx) => decide(tx, "accept_join_request", mb)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(teamRuleMessage(refused.reason)).toMatch(
      /^The run leg is taken now\. Choose the leg Race[ab] will race/,
    );
    expect(await teamRow(t.id)).toMatchObject({ urgent_role: null, open: ["swimmer"] });
    const fills = await admin`select member_id from public.team_urgent_fills where team_id = ${t.id}`;
    expect(fills).toHaveLength(1);
    // The accept that won covered the leg and is remembered.
    const won = results[0]!.status === "fulfilled" ? ma : mb;
    expect(fills[0]!.member_id).toBe(won);
    expect([await looking(a), await looking(b)].filter((l) => !l)).toHaveLength(1);
  });

  it("an invitation and a request for the same leg accepted at once", async () => {
    const t = await urgentTeam("invreq", { max_members: 3 });
    const [invited, asking] = [await athlete("runner", "invited"), await athlete("runner", "asking")];
    await withRls(t.creator.claims, (tx) => inviteToTeam(tx, t.id, invited.profileId));
    const [inv] = await admin<{ id: string }[]>`
      select id from public.team_invitations where team_id = ${t.id} and profile_id = ${invited.profileId}`;
    const member = await requestAs(asking, t.id);
    // Three places: the creator and both runners fit; the team fills up. (The creator picks the run leg
    // for the request: a plain Accept is refused once the invitation covered it.)
    const results = await Promise.allSettled([
      withRls(invited.claims, (tx) => acceptInvitation(tx, inv!.id)),
      withRls(t.creator.claims, (tx) => acceptAs(tx, member, "runner")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(await teamRow(t.id)).toEqual({ urgent_role: null, status: "full", open: ["swimmer"] });
  });

  it("an invitation and a request for the last place at once: one wins, the other is refused, the legs are right", async () => {
    const t = await urgentTeam("lastplace", { max_members: 2 });
    const [invited, asking] = [await athlete("runner", "lastinv"), await athlete("runner", "lastask")];
    await withRls(t.creator.claims, (tx) => inviteToTeam(tx, t.id, invited.profileId));
    const [inv] = await admin<{ id: string }[]>`
      select id from public.team_invitations where team_id = ${t.id} and profile_id = ${invited.profileId}`;
    const member = await requestAs(asking, t.id);
    const results = await Promise.allSettled([
      withRls(invited.claims, (tx) => acceptInvitation(tx, inv!.id)),
      withRls(t.creator.claims, (tx) => decide(tx, "accept_join_request", member)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await teamRow(t.id)).toEqual({ urgent_role: null, status: "full", open: ["swimmer"] });
    const active =
      await admin`select count(*)::int as n from public.team_members where team_id = ${t.id} and status = 'active'`;
    expect(active[0]!.n).toBe(2);
  });

  it("a member leaving while a request for their leg is accepted: the leg stays covered, no stale notice", async () => {
    const t = await urgentTeam("leaveaccept");
    const [first, second] = [await athlete("runner", "firstrun"), await athlete("runner", "secondrun")];
    // Both asked while the run leg was open; the creator takes the second as a second runner, knowingly.
    const [m1, member] = [await requestAs(first, t.id), await requestAs(second, t.id)];
    await withRls(t.creator.claims, (tx) => decide(tx, "accept_join_request", m1));
    const results = await Promise.allSettled([
      withRls(first.claims, (tx) => leaveTeam(tx, t.id)),
      withRls(t.creator.claims, (tx) => acceptAs(tx, member, "runner")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(await teamRow(t.id)).toMatchObject({ urgent_role: null, open: ["swimmer"] });
    // Whichever ran first, the runner leg is covered now: nothing asks the creator to mark it urgent again.
    expect(await withRls(t.creator.claims, (tx) => findUrgentLapse(tx, t.id))).toBeNull();
    expect(await promptOf(first)).toMatchObject({ reason: "left" });
  });
});
