import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pool, withRls, type Claims } from "@/lib/db";
import { listAthletes, listOpenTeams } from "@/lib/data/browse";
import { listMyBlocks } from "@/lib/data/blocks";
import { insertMessage } from "@/lib/data/messages";
import { parseFilters } from "@/lib/browse/filters";
import { adminSql, dropAthletes, makeAthlete, type Athlete } from "@/test/fixtures/athletes";

// docs/security.md#blocks: between a blocked pair nothing is written (every path) and neither lists the other.
const session = vi.hoisted(() => ({ claims: null as Claims | null }));
vi.mock("@/lib/auth/session", () => ({ getClaims: async () => session.claims }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
const messages = await import("./messages");
const blocks = await import("./blocks");

const admin = adminSql();
let blocker: Athlete, blocked: Athlete, bystander: Athlete;
let conversationId = "";
const as = (a: Athlete) => (session.claims = a.claims);
const cant = "You can't message this athlete";

beforeAll(async () => {
  blocker = await makeAthlete(admin, { isPublic: true, name: "Bella Blocker" });
  blocked = await makeAthlete(admin, { isPublic: true, name: "Brody Blocked" });
  bystander = await makeAthlete(admin, { isPublic: true, name: "Bea Bystander" });
  await admin`update public.profiles set looking_for_team = true
    where id in ${admin([blocker.profileId, blocked.profileId, bystander.profileId])}`;
  const [c] = await admin<{ id: string }[]>`
    select private.ensure_conversation(${blocker.profileId}, ${blocked.profileId}) as id`;
  conversationId = c!.id;
});
afterAll(async () => {
  await dropAthletes(admin, [blocker, blocked, bystander]);
  await admin.end();
  await pool().end();
});

const send = (from: Athlete, content: string) => {
  as(from);
  return messages.sendMessageAction({ id: randomUUID(), conversationId, content });
};
const browse = async (viewer: Athlete) => {
  const f = parseFilters({});
  const [teams, athletes] = await withRls(viewer.claims, (tx) =>
    Promise.all([listOpenTeams(tx, f, { signedIn: true }), listAthletes(tx, f, { signedIn: true })]),
  );
  // Pages hold the newest few; ask for ours by id among all listed.
  return { teams: teams.items.map((t) => t.id), athletes: athletes.items.map((a) => a.id) };
};

describe("block", () => {
  it("before a block, both may write; ten parallel blocks store one row", async () => {
    expect(await send(blocked, "Hi, room on your team?")).toMatchObject({ ok: true });
    as(blocker);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => blocks.blockAthleteAction(blocked.profileId)),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const rows = await admin`select * from public.blocks where blocker_id = ${blocker.profileId}`;
    expect(rows).toHaveLength(1);
  });

  it("the blocked athlete cannot message, start or reopen a conversation, nor request to join", async () => {
    expect(await send(blocked, "Please reply")).toEqual({ ok: false, error: cant, code: "BLOCKED" });
    as(blocked);
    expect(await messages.startConversationAction(blocker.profileId)).toEqual({
      ok: false,
      error: cant,
      code: "BLOCKED",
    });
    // Raw writes through RLS are refused too, with the same words.
    await expect(
      withRls(blocked.claims, (tx) =>
        insertMessage(tx, { id: randomUUID(), conversationId, senderId: blocked.profileId, content: "raw" }),
      ),
    ).rejects.toMatchObject({ code: "P0001", detail: "BLOCKED", message: cant });
    // The blocker's team: a join request carries a message, so it is refused and leaves nothing behind.
    const [team] = await admin<{ id: string }[]>`
      insert into public.teams (name, description, creator_id, requirements)
      values ('Blocker Relay', 'A team for the block test', ${blocker.authId},
              '{"roles": ["runner"], "experience_levels": ["beginner"]}') returning id`;
    await admin`insert into public.team_members (team_id, profile_id, role, status)
      values (${team!.id}, ${blocker.profileId}, 'runner', 'active')`;
    // Joining unlists an athlete; the blocker chose to stay listed ("Keep me listed"), so browse has them.
    await admin`update public.profiles set looking_for_team = true where id = ${blocker.profileId}`;
    await expect(
      withRls(blocked.claims, (tx) => tx`select public.request_to_join_team(${team!.id}, 'runner')`),
    ).rejects.toMatchObject({ message: cant });
    expect(
      (await admin`select count(*)::int as n from public.team_members where team_id = ${team!.id}`)[0]!.n,
    ).toBe(1);
    expect(
      (await admin`select count(*)::int as n from public.messages where sender_id = ${blocked.profileId}`)[0]!
        .n,
    ).toBe(1);
  });

  it("the blocker cannot write either, while blocking; a bystander is not affected", async () => {
    expect(await send(blocker, "About that")).toEqual({ ok: false, error: cant, code: "BLOCKED" });
    as(bystander);
    expect(await messages.startConversationAction(blocker.profileId)).toMatchObject({ ok: true });
    expect(await messages.startConversationAction(blocked.profileId)).toMatchObject({ ok: true });
  });

  it("neither lists the other on browse (athletes and teams); others still list both", async () => {
    const [team] = await admin<
      { id: string }[]
    >`select id from public.teams where creator_id = ${blocker.authId}`;
    const seenByBlocked = await browse(blocked);
    expect(seenByBlocked.athletes).not.toContain(blocker.profileId);
    expect(seenByBlocked.teams).not.toContain(team!.id);
    const seenByBlocker = await browse(blocker);
    expect(seenByBlocker.athletes).not.toContain(blocked.profileId);
    const seenByBystander = await browse(bystander);
    expect(seenByBystander.athletes).toEqual(expect.arrayContaining([blocker.profileId, blocked.profileId]));
    expect(seenByBystander.teams).toContain(team!.id);
  });

  it("only the blocker sees the block; the blocked athlete cannot read or remove it", async () => {
    expect((await withRls(blocker.claims, (tx) => listMyBlocks(tx))).map((b) => b.profile_id)).toEqual([
      blocked.profileId,
    ]);
    expect(await withRls(blocked.claims, (tx) => tx`select * from public.blocks`)).toHaveLength(0);
    expect(await withRls(blocked.claims, (tx) => listMyBlocks(tx))).toEqual([]);
    await withRls(blocked.claims, (tx) => tx`select public.unblock_athlete(${blocker.profileId})`);
    await expect(
      withRls(blocked.claims, (tx) => tx`delete from public.blocks where blocked_id = ${blocked.profileId}`),
    ).rejects.toMatchObject({ code: "42501" });
    await expect(
      withRls(null, (tx) => tx`select public.block_athlete(${blocker.profileId})`),
    ).rejects.toMatchObject({ code: "42501" });
    expect(await admin`select 1 from public.blocks where blocker_id = ${blocker.profileId}`).toHaveLength(1);
  });

  it("a join request pending on the blocker's team is declined by the block (it could not be answered)", async () => {
    const [team] = await admin<
      { id: string }[]
    >`select id from public.teams where creator_id = ${blocker.authId}`;
    await admin`insert into public.team_members (team_id, profile_id, role, status)
      values (${team!.id}, ${bystander.profileId}, 'runner', 'pending')`;
    as(blocker);
    expect(await blocks.blockAthleteAction(bystander.profileId)).toEqual({ ok: true, blocked: true });
    const [row] = await admin<{ status: string }[]>`select status from public.team_members
      where team_id = ${team!.id} and profile_id = ${bystander.profileId}`;
    expect(row!.status).toBe("declined");
    expect(await blocks.unblockAthleteAction(bystander.profileId)).toEqual({ ok: true, blocked: false });
  });

  it("refuses blocking oneself and bad ids; unblocking restores messaging", async () => {
    as(blocker);
    expect(await blocks.blockAthleteAction(blocker.profileId)).toEqual({
      ok: false,
      error: "You cannot block yourself",
    });
    expect(await blocks.blockAthleteAction("not-an-id")).toMatchObject({ ok: false });
    expect(await blocks.unblockAthleteAction(blocked.profileId)).toEqual({ ok: true, blocked: false });
    expect(await send(blocked, "Thanks for unblocking")).toMatchObject({ ok: true });
    expect(await send(blocker, "No worries")).toMatchObject({ ok: true });
  });
});
