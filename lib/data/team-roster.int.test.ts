import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import {
  addMember,
  adminSql,
  dropAthletes,
  makeAthlete,
  makeTeam,
  type Athlete,
} from "@/test/fixtures/athletes";

// public.team_roster is executable by anon (hosted Supabase also exposes it through PostgREST). A closed team's
// roster is for its creator, its active members and whoever has a pending request; a visitor's NULL profile
// once made the "not an insider" test NULL and skipped the check. Runs inside `supabase-local --test`.
const admin = adminSql();
const made: Athlete[] = [];
const person = async (label: string) => {
  const a = await makeAthlete(admin, { name: `Roster ${label}`, isPublic: true, lookingForTeam: true });
  made.push(a);
  return a;
};

type Team = { id: string; creator: Athlete; member: Athlete; pending: Athlete };
const teams: Partial<Record<"open" | "closed", Team>> = {};
let stranger: Athlete;
let noProfile: Athlete;

async function team(status: "open" | "closed"): Promise<Team> {
  const [creator, member, pending] = await Promise.all(
    ["creator", "member", "pending"].map((label) => person(`${status}_${label}`)),
  );
  const id = await makeTeam(admin, creator!, { name: `Roster ${status}`, status, creatorRole: "swimmer" });
  await addMember(admin, id, member!, "cyclist", "active");
  await addMember(admin, id, pending!, "runner", "pending");
  return { id, creator: creator!, member: member!, pending: pending! };
}

beforeAll(async () => {
  stranger = await person("stranger");
  noProfile = await makeAthlete(admin, { profile: false });
  made.push(noProfile);
  teams.open = await team("open");
  teams.closed = await team("closed");
});

afterAll(async () => {
  await dropAthletes(admin, made);
  await admin.end();
  await pool().end();
});

const roster = (who: Claims | null, id: string) =>
  withRls(who, (tx) => tx<{ profile_id: string }[]>`select profile_id from public.team_roster(${id})`);

const ids = (rows: { profile_id: string }[]) => rows.map((r) => r.profile_id).sort();

describe("public.team_roster of a closed team", () => {
  const t = () => teams.closed!;
  it("answers nothing to a visitor (anon), through withRls and as PostgREST would call it", async () => {
    expect(await roster(null, t().id)).toEqual([]);
    const rows = await admin.begin(async (tx) => {
      await tx`set local role anon`;
      await tx`select set_config('request.jwt.claims', '{"role":"anon"}', true)`;
      return tx`select * from public.team_roster(${t().id})`;
    });
    expect(rows).toEqual([]);
  });

  it("answers nothing to a stranger, with or without a profile", async () => {
    expect(await roster(stranger.claims, t().id)).toEqual([]);
    expect(await roster(noProfile.claims, t().id)).toEqual([]);
  });

  it("shows the active members to a member and the creator, and the pending request to the creator", async () => {
    expect(ids(await roster(t().member.claims, t().id))).toEqual(
      [t().creator.profileId, t().member.profileId].sort(),
    );
    expect(ids(await roster(t().creator.claims, t().id))).toEqual(
      [t().creator.profileId, t().member.profileId, t().pending.profileId].sort(),
    );
    // The requester still sees the team they asked to join, and their own pending row.
    expect(ids(await roster(t().pending.claims, t().id))).toEqual(
      [t().creator.profileId, t().member.profileId, t().pending.profileId].sort(),
    );
  });
});

describe("public.team_roster of an open team", () => {
  const t = () => teams.open!;
  it("shows the active members to everyone, the pending request only to the creator and the requester", async () => {
    const active = [t().creator.profileId, t().member.profileId].sort();
    expect(ids(await roster(null, t().id))).toEqual(active);
    expect(ids(await roster(stranger.claims, t().id))).toEqual(active);
    expect(ids(await roster(t().member.claims, t().id))).toEqual(active);
    expect(ids(await roster(t().creator.claims, t().id))).toEqual([...active, t().pending.profileId].sort());
  });
});
