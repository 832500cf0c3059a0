import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls } from "@/lib/db";
import type { TeamCreateInput, TeamRole } from "@/lib/validation/team";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";
import { unreadMessageCount } from "./conversations";
import { readDashboard } from "./dashboard";
import { readJoinRequest } from "./decisions";
import { readNeedsYou } from "./needs-you";
import { findRequestSent } from "./request-sent";
import {
  acceptAs,
  changeRequestLeg,
  createTeam,
  decide,
  requestToJoin,
  teamRuleMessage,
  updateTeam,
} from "./team-writes";
import { findTeamWithMembers } from "./teams";

// One leg, one athlete, unless the creator chooses otherwise, and a decision answers the request's message
// (docs/product.md#join-requests): public.request_to_join_team, accept_join_request,
// change_join_request_leg and what the readers say of a request whose leg was taken, against the database.
const admin = adminSql({ max: 4 });
const run = randomUUID().slice(0, 8);
const made: Athlete[] = [];

async function athlete(specialty: TeamRole, label: string): Promise<Athlete> {
  const a = await makeAthlete(admin, {
    email: `${label}-${run}@example.test`,
    name: `${label[0]!.toUpperCase()}${label.slice(1)} Leg`,
    isPublic: true,
    lookingForTeam: true,
    specialty,
    experienceLevel: "advanced",
    goals: `Race the ${specialty} leg well`,
    avatar: false,
  });
  made.push(a);
  return a;
}

const teamInput = (name: string, max = 4): TeamCreateInput => ({
  name: `${name} ${run}`,
  description: "A relay team for the one-leg rule test.",
  location: "Noosa Heads",
  max_members: max,
  requirements: { roles: ["swimmer", "runner"], experience_levels: ["advanced"] },
  training_schedule: { days: [], times: [] },
});

async function failure(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return teamRuleMessage(error) ?? (error as { code?: string }).code;
  }
}

const ask = async (a: Athlete, teamId: string, role: TeamRole | "" = "") =>
  (await withRls(a.claims, (tx) => requestToJoin(tx, teamId, role))).member.id;
const memberRow = async (id: string) =>
  (
    await admin<
      { status: string; role: string }[]
    >`select status, role from public.team_members where id = ${id}`
  )[0]!;
const messagesTo = async (a: Athlete) =>
  (
    await admin<{ content: string }[]>`
      select content from public.messages where recipient_id = ${a.profileId} order by created_at`
  ).map((m) => m.content);

/** A cyclist's team that needs a swimmer and a runner; Rita and Ruth both ask to run, Rita is accepted. */
async function runLegTaken(label: string, max = 4) {
  const boss = await athlete("cyclist", `${label}boss`);
  const { id } = await withRls(boss.claims, (tx) => createTeam(tx, teamInput(label, max)));
  const rita = await athlete("runner", `${label}rita`);
  const ruth = await athlete("runner", `${label}ruth`);
  const ritaReq = await ask(rita, id);
  const ruthReq = await ask(ruth, id);
  await withRls(boss.claims, (tx) => decide(tx, "accept_join_request", ritaReq));
  return { boss, id, rita, ruth, ruthReq };
}

afterAll(async () => {
  await dropAthletes(admin, made);
  await admin.end();
  await pool().end();
});

describe("a request asks for an open leg", () => {
  it("a covered leg, a leg the team does not ask for and a team with every leg raced are refused", async () => {
    const { id, boss } = await runLegTaken("ask");
    const late = await athlete("runner", "asklate");
    expect(await failure(ask(late, id))).toBe(
      "The run leg is taken. Ask for a leg this team still needs: swim",
    );
    expect(await failure(ask(late, id, "cyclist"))).toBe(
      // The creator races the bike leg, which the team does not ask for either.
      "The bike leg is taken. Ask for a leg this team still needs: swim",
    );
    // Nothing was written.
    expect(await admin`select 1 from public.team_members where profile_id = ${late.profileId}`).toHaveLength(
      0,
    );
    // The open leg is fine.
    await ask(late, id, "swimmer");
    await withRls(boss.claims, async (tx) => {
      const [m] = await tx<{ id: string }[]>`
        select id from public.team_members where profile_id = ${late.profileId} and status = 'pending'`;
      await decide(tx, "accept_join_request", m!.id);
    });
    const another = await athlete("swimmer", "askanother");
    expect(await failure(ask(another, id))).toBe(
      "Every leg of this team is covered, so there is no leg to ask for",
    );
  });
});

describe("a pending request whose leg was taken", () => {
  let t: Awaited<ReturnType<typeof runLegTaken>>;
  beforeAll(async () => {
    t = await runLegTaken("taken");
  });

  it("is marked so for the creator (team page, dashboard, decision page) and the requester (thread, dashboard, request page)", async () => {
    const page = await withRls(t.boss.claims, (tx) => findTeamWithMembers(tx, t.id));
    expect(page!.members.find((m) => m.member_id === t.ruthReq)).toMatchObject({ leg_taken: true });
    expect(page!.members.filter((m) => m.status === "active").every((m) => !m.leg_taken)).toBe(true);
    const bossNeeds = await withRls(t.boss.claims, (tx) => readNeedsYou(tx, t.boss.authId));
    expect(bossNeeds.toDecide).toEqual([expect.objectContaining({ member_id: t.ruthReq, leg_taken: true })]);
    const bossView = await withRls(t.boss.claims, (tx) => readJoinRequest(tx, t.id, t.ruthReq));
    expect(bossView).toMatchObject({
      viewer: "creator",
      leg_taken: true,
      open_legs: ["swimmer"],
      has_room: true,
    });

    const ruthNeeds = await withRls(t.ruth.claims, (tx) => readNeedsYou(tx, t.ruth.authId));
    expect(ruthNeeds.sent).toEqual([expect.objectContaining({ member_id: t.ruthReq, leg_taken: true })]);
    const ruthView = await withRls(t.ruth.claims, (tx) => readJoinRequest(tx, t.id, t.ruthReq));
    expect(ruthView).toMatchObject({ viewer: "requester", leg_taken: true, open_legs: ["swimmer"] });
    const [conversation] = await admin<{ id: string }[]>`
      select conversation_id as id from public.messages where sender_id = ${t.ruth.profileId} limit 1`;
    const card = await withRls(t.ruth.claims, (tx) => findRequestSent(tx, conversation!.id));
    expect(card).toMatchObject({ member_id: t.ruthReq, leg_taken: true });
    // Rita's answered request is not "taken": it is hers.
    const ritaNeeds = await withRls(t.rita.claims, (tx) => readNeedsYou(tx, t.rita.authId));
    expect(ritaNeeds.sent.every((s) => !s.leg_taken)).toBe(true);
  });

  it("one Accept is refused with a clear message, and nothing changes", async () => {
    const before = await messagesTo(t.ruth);
    expect(await failure(withRls(t.boss.claims, (tx) => decide(tx, "accept_join_request", t.ruthReq)))).toBe(
      "The run leg is taken now. Choose the leg Takenruth will race, or decline the request.",
    );
    expect(await memberRow(t.ruthReq)).toEqual({ status: "pending", role: "runner" });
    expect(await messagesTo(t.ruth)).toEqual(before);
  });

  it("the requester can ask for an open leg (the creator is told), not for a covered one", async () => {
    expect(await failure(withRls(t.ruth.claims, (tx) => changeRequestLeg(tx, t.id, "runner")))).toBe(
      "Your request is already for the run leg",
    );
    expect(await failure(withRls(t.ruth.claims, (tx) => changeRequestLeg(tx, t.id, "cyclist")))).toBe(
      // The creator races the bike leg, which the team does not ask for either.
      "The bike leg is taken. Ask for a leg this team still needs: swim",
    );
    expect(await failure(withRls(t.rita.claims, (tx) => changeRequestLeg(tx, t.id, "swimmer")))).toBe(
      "You have no pending request to this team",
    );
    await withRls(t.ruth.claims, (tx) => changeRequestLeg(tx, t.id, "swimmer"));
    expect(await memberRow(t.ruthReq)).toEqual({ status: "pending", role: "swimmer" });
    expect((await messagesTo(t.boss)).at(-1)).toBe(
      `Hi Takenboss! The run leg of "taken ${run}" is taken now, so I'd like to race the swim leg instead.`,
    );
    // Her leg is open: one Accept takes it.
    await withRls(t.boss.claims, (tx) => decide(tx, "accept_join_request", t.ruthReq));
    expect(await memberRow(t.ruthReq)).toEqual({ status: "active", role: "swimmer" });
  });
});

describe("the creator picks the leg", () => {
  it("an open leg: the athlete races it, and is told so", async () => {
    const t = await runLegTaken("pick");
    await withRls(t.boss.claims, (tx) => acceptAs(tx, t.ruthReq, "swimmer"));
    expect(await memberRow(t.ruthReq)).toEqual({ status: "active", role: "swimmer" });
    expect((await messagesTo(t.ruth)).at(-1)).toBe(
      `Good news! I've accepted your request to join "pick ${run}" as the swimmer. Welcome to the team!`,
    );
  });

  it("an extra place on the covered leg, knowingly, where the team size leaves room; never above it", async () => {
    const t = await runLegTaken("extra");
    await withRls(t.boss.claims, (tx) => acceptAs(tx, t.ruthReq, "runner"));
    expect(await memberRow(t.ruthReq)).toEqual({ status: "active", role: "runner" });

    const full = await runLegTaken("xfull", 3);
    const swim = await athlete("swimmer", "xfullswim");
    await withRls(full.boss.claims, async (tx) =>
      decide(tx, "accept_join_request", await ask(swim, full.id)),
    );
    // Three of three: the team is full, whatever leg is picked.
    expect(await failure(withRls(full.boss.claims, (tx) => acceptAs(tx, full.ruthReq, "runner")))).toBe(
      "This team is full. Raise the team size or remove a member before accepting.",
    );
    const view = await withRls(full.boss.claims, (tx) => readJoinRequest(tx, full.id, full.ruthReq));
    expect(view).toMatchObject({ leg_taken: true, open_legs: [], has_room: false });
    // Raising the size makes room for the extra place.
    await withRls(full.boss.claims, (tx) =>
      updateTeam(tx, full.id, { ...teamInput("xfull", 4), status: "open" }),
    );
    await withRls(full.boss.claims, (tx) => acceptAs(tx, full.ruthReq, "runner"));
    expect(await memberRow(full.ruthReq)).toEqual({ status: "active", role: "runner" });
  });
});

describe("a decision answers the request's message", () => {
  /** What the creator's badge, conversation list row and dashboard say about the conversation with `a`. */
  async function unread(viewer: Athlete, other: Athlete) {
    return withRls(viewer.claims, async (tx) => {
      const [badge, dashboard, list] = await Promise.all([
        unreadMessageCount(tx),
        readDashboard(tx, viewer.authId),
        tx<{ other_id: string; unread_count: number; last_sender_id: string }[]>`
          select other_id, unread_count, last_sender_id from public.list_my_conversations(50, null)`,
      ]);
      const row = list.find((r) => r.other_id === other.profileId);
      const card = dashboard!.conversations.find((c) => c.other_participant?.id === other.profileId);
      return {
        badge,
        row: row?.unread_count,
        dashboard: card?.unread_count,
        lastByMe: row?.last_sender_id === viewer.profileId,
      };
    });
  }

  it("accepting marks it read: badge, list row and dashboard all say 0 beside the creator's own reply", async () => {
    const boss = await athlete("cyclist", "readboss");
    const { id } = await withRls(boss.claims, (tx) => createTeam(tx, teamInput("read")));
    const rita = await athlete("runner", "readrita");
    const req = await ask(rita, id);
    expect(await unread(boss, rita)).toEqual({ badge: 1, row: 1, dashboard: 1, lastByMe: false });
    // The requester's own request message never counts for her.
    expect(await unread(rita, boss)).toEqual({ badge: 0, row: 0, dashboard: 0, lastByMe: true });
    await withRls(boss.claims, (tx) => decide(tx, "accept_join_request", req));
    expect(await unread(boss, rita)).toEqual({ badge: 0, row: 0, dashboard: 0, lastByMe: true });
    expect(await unread(rita, boss)).toEqual({ badge: 1, row: 1, dashboard: 1, lastByMe: false });
  });

  it("declining marks it read too; a message the requester wrote herself stays unread", async () => {
    const boss = await athlete("cyclist", "declboss");
    const { id } = await withRls(boss.claims, (tx) => createTeam(tx, teamInput("decl")));
    const sam = await athlete("swimmer", "declsam");
    const req = await ask(sam, id);
    const [c] = await admin<{ id: string }[]>`
      select conversation_id as id from public.messages where sender_id = ${sam.profileId} limit 1`;
    await withRls(
      sam.claims,
      (tx) =>
        tx`insert into public.messages (conversation_id, sender_id, content)
         values (${c!.id}, ${sam.profileId}, 'Happy to swim or run, whatever helps.')`,
    );
    expect(await unread(boss, sam)).toMatchObject({ badge: 2, row: 2, dashboard: 2 });
    await withRls(boss.claims, (tx) => decide(tx, "decline_join_request", req));
    expect(await unread(boss, sam)).toEqual({ badge: 1, row: 1, dashboard: 1, lastByMe: true });
  });

  it("a request written without its message remembered (the demo data's) is answered too", async () => {
    const boss = await athlete("cyclist", "seedboss");
    const { id } = await withRls(boss.claims, (tx) => createTeam(tx, teamInput("seed")));
    const noah = await athlete("runner", "seednoah");
    const req = await ask(noah, id);
    await admin`update public.team_members set request_message_id = null where id = ${req}`;
    expect(await unread(boss, noah)).toMatchObject({ badge: 1, row: 1 });
    await withRls(boss.claims, (tx) => decide(tx, "accept_join_request", req));
    expect(await unread(boss, noah)).toEqual({ badge: 0, row: 0, dashboard: 0, lastByMe: true });
  });

  it("a refused Accept answers nothing", async () => {
    const t = await runLegTaken("refused");
    const before = await unread(t.boss, t.ruth);
    expect(before).toMatchObject({ badge: 1, row: 1 });
    await failure(withRls(t.boss.claims, (tx) => decide(tx, "accept_join_request", t.ruthReq)));
    expect(await unread(t.boss, t.ruth)).toEqual(before);
  });
});
