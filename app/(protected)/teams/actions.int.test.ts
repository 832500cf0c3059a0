import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Claims } from "@/lib/db";
import { pool } from "@/lib/db";
import { adminSql, claimsOf, dropAccounts, makeAthlete } from "@/test/fixtures/athletes";

// The actions read the session through getClaims (cookies) and revalidate Next's cache; outside a
// request both are stood in for, everything below them (zod, SQL functions, RLS) is real.
const session = vi.hoisted(() => ({ claims: null as Claims | null }));
vi.mock("@/lib/auth/session", () => ({ getClaims: async () => session.claims }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

const { createTeamAction } = await import("./create/actions");
const { updateTeamAction } = await import("./[id]/edit/actions");
const { acceptRequestAction, requestToJoinTeamAction } = await import("@/lib/actions/teams");
const { leaveTeamAction, setUrgentNeedAction } = await import("./[id]/actions");

const admin = adminSql({ max: 1 });
const run = randomUUID().slice(0, 8);
const ids = { owner: randomUUID(), joiner: randomUUID(), bare: randomUUID() };
const as = (id: string | null) => (session.claims = id ? claimsOf(id) : null);

const input = (patch: Record<string, unknown> = {}) => ({
  name: `Action Team ${run}`,
  description: "Built by the server action tests.",
  location: "",
  max_members: 2,
  requirements: { roles: ["runner"], experience_levels: ["elite"] },
  training_schedule: { days: [], times: [] },
  ...patch,
});

beforeAll(async () => {
  for (const [name, id] of Object.entries(ids)) {
    await makeAthlete(admin, {
      authId: id,
      profile: name !== "bare",
      name: `${name} action`,
      specialty: name === "owner" ? "swimmer" : "runner",
      experienceLevel: "elite",
      goals: "Win the relay this year",
      avatar: false,
    });
  }
});
beforeEach(() => as(null));
afterAll(async () => {
  await dropAccounts(admin, Object.values(ids));
  await admin.end();
  await pool().end();
});

const teamsOf = async (id: string) =>
  admin`select id, name, status from public.teams where creator_id = ${id}`;

describe("team actions", () => {
  it("refuse visitors, bad input (field messages) and an account without a profile, writing nothing", async () => {
    expect(await createTeamAction(input())).toMatchObject({ ok: false, error: "Not authenticated" });
    as(ids.owner);
    expect(
      await createTeamAction(
        input({ name: "ab", requirements: { roles: [], experience_levels: [] }, creator_id: ids.bare }),
      ),
    ).toEqual({
      ok: false,
      error: "Failed to create team. Please try again.",
      fieldErrors: {
        name: "Team name must be at least 3 characters",
        "requirements.roles": "Please select at least one role",
        "requirements.experience_levels": "Please select at least one experience level",
        form: "Unknown field: creator_id",
      },
    });
    as(ids.bare);
    expect(await createTeamAction(input())).toMatchObject({
      ok: false,
      error: "Profile not found",
      code: "PROFILE_NOT_FOUND",
    });
    expect(await teamsOf(ids.owner)).toHaveLength(0);
  });

  it("create once; a repeat gets the one-team message; edit by others is forbidden", async () => {
    as(ids.owner);
    const created = await createTeamAction(input());
    expect(created).toMatchObject({ ok: true });
    expect(await createTeamAction(input())).toEqual({
      ok: false,
      error: "You can only create one team. Please manage your existing team instead.",
    });
    const teamId = (created as { teamId: string }).teamId;
    as(ids.joiner);
    expect(await updateTeamAction(teamId, { ...input({ name: "Hijacked" }), status: "open" })).toEqual({
      ok: false,
      error: "Forbidden: You can only update your own teams.",
    });
    expect((await teamsOf(ids.owner))[0]!.name).toBe(`Action Team ${run}`);
  });

  it("join: visitor, no profile, success with a conversation id, repeat; accept fills the team", async () => {
    const [team] = await teamsOf(ids.owner);
    expect(await requestToJoinTeamAction(team!.id, "")).toMatchObject({
      ok: false,
      error: "Please sign in to join a team",
    });
    as(ids.bare);
    expect(await requestToJoinTeamAction(team!.id, "")).toMatchObject({
      ok: false,
      error: "Please create your profile first",
      code: "PROFILE_NOT_FOUND",
    });
    as(ids.joiner);
    expect(await requestToJoinTeamAction(team!.id, "captain")).toEqual({
      ok: false,
      error: "Please choose swimmer, cyclist or runner",
    });
    expect(await requestToJoinTeamAction("nope", "")).toEqual({ ok: false, error: "Failed to send request" });
    const joined = await requestToJoinTeamAction(team!.id, "");
    expect(joined).toMatchObject({ ok: true, conversationId: expect.any(String) });
    expect(await requestToJoinTeamAction(team!.id, "")).toEqual({
      ok: false,
      error: "You already have a pending request to join this team",
    });

    const [member] =
      await admin`select id from public.team_members where team_id = ${team!.id} and status = 'pending'`;
    expect(await acceptRequestAction(member!.id)).toEqual({
      ok: false,
      error: "Forbidden: You can only update your own teams.",
    });
    as(ids.owner);
    expect(await acceptRequestAction(member!.id)).toEqual({ ok: true });
    expect((await teamsOf(ids.owner))[0]!.status).toBe("full");
    as(ids.joiner);
    expect(await leaveTeamAction(team!.id)).toEqual({ ok: true });
    expect((await teamsOf(ids.owner))[0]!.status).toBe("open");
  });

  it("urgent need: field messages for bad input, set and clear by the creator", async () => {
    const [team] = await teamsOf(ids.owner);
    as(ids.owner);
    expect(await setUrgentNeedAction(team!.id, { role: "", by: "1999-01-01" })).toMatchObject({
      ok: false,
      fieldErrors: { role: "Please choose the leg you need", by: "The date must be today or later" },
    });
    const today = (await admin`select (now() at time zone 'Australia/Brisbane')::date::text as d`)[0]!
      .d as string;
    expect(await setUrgentNeedAction(team!.id, { role: "runner", by: today })).toEqual({ ok: true });
    expect(await setUrgentNeedAction(team!.id, null)).toEqual({ ok: true });
    const [row] = await admin`select urgent_role, urgent_by from public.teams where id = ${team!.id}`;
    expect(row).toEqual({ urgent_role: null, urgent_by: null });
  });
});
