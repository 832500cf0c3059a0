import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pool, type Claims } from "@/lib/db";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";

// The action wrapper against the real functions: how each refusal the SQL raises reaches the athlete. The
// session is stood in for (no request here), and so is Next's cache (nothing is rendered).
const session = vi.hoisted(() => ({ claims: null as Claims | null }));
vi.mock("@/lib/auth/session", () => ({ getClaims: async () => session.claims }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {} }));
const { createTeamAction } = await import("@/app/(protected)/teams/create/actions");
const { updateTeamAction } = await import("@/app/(protected)/teams/[id]/edit/actions");
const { requestToJoinTeamAction } = await import("./teams");

const admin = adminSql();
const as = (a: Athlete | null) => (session.claims = a?.claims ?? null);
let captain: Athlete, stranger: Athlete, newcomer: Athlete;

const team = {
  name: "Wrapper Wave",
  description: "A relay team for the wrapper's own test",
  location: "Noosa Heads",
  max_members: 3,
  requirements: { roles: ["swimmer", "cyclist"], experience_levels: ["beginner"] },
  training_schedule: { days: ["monday"], times: ["morning"] },
};
const teamsOf = async (a: Athlete) =>
  (
    await admin<{ n: number }[]>`select count(*)::int as n from public.teams where creator_id = ${a.authId}`
  )[0]!.n;

beforeAll(async () => {
  captain = await makeAthlete(admin, { isPublic: true, name: "Cara Captain" });
  stranger = await makeAthlete(admin, { isPublic: true, name: "Sid Stranger" });
  newcomer = await makeAthlete(admin, { profile: false });
});
afterAll(async () => {
  await admin`delete from public.teams where creator_id in ${admin([captain.authId, stranger.authId])}`;
  await dropAthletes(admin, [captain, stranger, newcomer]);
  await admin.end();
  await pool().end();
});

describe("team actions through the wrapper", () => {
  let teamId = "";

  it("creates once; the second create shows the SQL rule's own text", async () => {
    as(captain);
    const made = await createTeamAction(team);
    expect(made).toMatchObject({ ok: true, teamId: expect.any(String) });
    teamId = made.ok ? made.teamId : "";
    expect(await createTeamAction({ ...team, name: "Wrapper Wave Two" })).toEqual({
      ok: false,
      error: "You can only create one team. Please manage your existing team instead.",
    });
    expect(await teamsOf(captain)).toBe(1);
  });

  it("refuses bad input at its fields and writes nothing", async () => {
    as(stranger);
    expect(await createTeamAction({ ...team, name: "W" })).toEqual({
      ok: false,
      error: "Failed to create team. Please try again.",
      fieldErrors: { name: "Team name must be at least 3 characters" },
    });
    expect(await teamsOf(stranger)).toBe(0);
  });

  it("shows another athlete the hinted Forbidden text, not Postgres' own", async () => {
    as(stranger);
    expect(await updateTeamAction(teamId, { ...team, status: "open", name: "Taken Over" })).toEqual({
      ok: false,
      error: "Forbidden: You can only update your own teams.",
    });
    expect((await admin`select name from public.teams where id = ${teamId}`)[0]).toEqual({ name: team.name });
  });

  it("answers a visitor UNAUTHENTICATED, and an account without a profile PROFILE_NOT_FOUND", async () => {
    as(null);
    expect(await requestToJoinTeamAction(teamId, "swimmer")).toEqual({
      ok: false,
      error: "Please sign in to join a team",
      code: "UNAUTHENTICATED",
    });
    as(newcomer);
    expect(await requestToJoinTeamAction(teamId, "swimmer")).toEqual({
      ok: false,
      error: "Please create your profile first",
      code: "PROFILE_NOT_FOUND",
    });
    expect(await createTeamAction(team)).toEqual({
      ok: false,
      error: "Profile not found",
      code: "PROFILE_NOT_FOUND",
    });
  });

  it("sends a join request once; asking again shows the rule's text", async () => {
    as(stranger);
    expect(await requestToJoinTeamAction(teamId, "swimmer")).toMatchObject({
      ok: true,
      conversationId: expect.any(String),
    });
    expect(await requestToJoinTeamAction(teamId, "swimmer")).toEqual({
      ok: false,
      error: "You already have a pending request to join this team",
    });
  });
});
