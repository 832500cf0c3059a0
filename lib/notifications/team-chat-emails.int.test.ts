import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool, withRls } from "@/lib/db";
import { insertTeamChatMessage, markTeamChatRead } from "@/lib/data/team-chat";
import {
  addMember,
  adminSql,
  dropAthletes,
  makeAthlete,
  makeTeam,
  type Athlete,
} from "@/test/fixtures/athletes";
import type { RenderedMail } from "./render";
import { runNotificationPass } from "./worker";

// A team chat's e-mail (docs/product.md#team-chat): a message still unread after 5 minutes, at most one
// e-mail per chat per 30 minutes, never to the sender. Runs inside `supabase-local --test`.
const admin = adminSql();
let creator: Athlete, member: Athlete;
let teamId = "";

const send = (u: Athlete, content: string) =>
  withRls(u.claims, (tx) =>
    insertTeamChatMessage(tx, { id: randomUUID(), teamId, senderId: u.profileId, content }),
  );

beforeAll(async () => {
  creator = await makeAthlete(admin, { name: "Cara Creator", emailConfirmed: true });
  member = await makeAthlete(admin, { name: "Max Member", emailConfirmed: true });
  teamId = await makeTeam(admin, creator, { name: `Chat ${randomUUID().slice(0, 6)}` });
  await addMember(admin, teamId, member, "swimmer", "active");
});

afterAll(async () => {
  await dropAthletes(admin, [creator, member]);
  await admin.end();
  await pool().end();
});

describe("a team chat's e-mail", () => {
  it("queues one e-mail per member, unread after 5 minutes, at most one per chat per 30 minutes", async () => {
    await withRls(member.claims, (tx) => markTeamChatRead(tx, teamId));
    await send(creator, "First of two");
    await send(creator, "Second of two");
    const rows = await admin<{ recipient_id: string; due_at: Date }[]>`
      select recipient_id, due_at from private.notification_outbox where kind = 'team_chat' and team_id = ${teamId}`;
    expect(rows.map((r) => r.recipient_id)).toEqual([member.profileId]);
    const content = (at: string) => admin<{ c: Record<string, unknown> }[]>`
      select private.notification_content(o, ${at}::timestamptz) as c
      from private.notification_outbox o where o.kind = 'team_chat' and o.team_id = ${teamId}`;
    const soon = (await content(new Date(Date.now() + 60_000).toISOString()))[0]!.c;
    expect(soon).toHaveProperty("later");
    const due = (await content(new Date(Date.now() + 6 * 60_000).toISOString()))[0]!.c;
    expect(due).toMatchObject({
      data: { team_id: teamId, sender_name: "Cara Creator", count: 2, excerpt: "Second of two" },
    });
    await withRls(member.claims, (tx) => markTeamChatRead(tx, teamId));
    expect((await content(new Date(Date.now() + 6 * 60_000).toISOString()))[0]!.c).toEqual({
      skip: "read in time",
    });
  }, 20_000);

  it("the worker e-mails each other member once, naming the team, the sender and the newest message", async () => {
    await admin`delete from private.notification_outbox where team_id = ${teamId}`;
    const [team] = await admin<{ name: string }[]>`select name from public.teams where id = ${teamId}`;
    const t0 = Date.now();
    await send(creator, "Race briefing moved to 5 pm");
    const sent: RenderedMail[] = [];
    const transport = { sendMail: async (mail: RenderedMail) => void sent.push(mail) };
    await runNotificationPass({ transport, now: new Date(t0 + 6 * 60_000) });
    const mine = sent.filter((m) => m.to === member.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe(`Cara Creator wrote in ${team!.name}'s chat`);
    expect(mine[0]!.text).toContain("Race briefing moved to 5 pm");
    expect(mine[0]!.text).toContain(`/messages?team=${teamId}`);
    // Nothing to the sender; a second pass sends nothing more.
    await runNotificationPass({ transport, now: new Date(t0 + 7 * 60_000) });
    expect(sent.filter((m) => m.to === member.email)).toHaveLength(1);
    expect(sent.filter((m) => m.to === creator.email)).toHaveLength(0);
  }, 20_000);
});
