import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSql, signedInAthlete, type SignedInAthlete } from "@/test/fixtures/athletes";

// Who may watch an athlete's presence (the presence:<profile id> channel): a blocked pair may not watch each
// other, either way, and nobody watches a suspended account. Through supabase-js against the local stack,
// which evaluates the channel policies as hosted Realtime does.
const admin = adminSql();
type User = SignedInAthlete;
const users: User[] = [];

async function withProfile(name: string): Promise<User> {
  const made = await signedInAthlete(admin, { name, specialty: "runner", avatar: false, isPublic: true });
  users.push(made);
  return made;
}

function watch(client: SupabaseClient, profileId: string) {
  const channel = client.channel(`presence:${profileId}`, { config: { private: true } });
  channel.on("presence", { event: "sync" }, () => {});
  return new Promise<{ channel: RealtimeChannel; status: string }>((resolve) =>
    channel.subscribe((status) => {
      if (status !== "CLOSED") resolve({ channel, status });
    }),
  );
}

let bea: User, ben: User, oli: User, sam: User;
beforeAll(async () => {
  bea = await withProfile("Blocker Bea");
  ben = await withProfile("Blocked Ben");
  oli = await withProfile("Other Oli");
  sam = await withProfile("Suspended Sam");
  await admin`insert into public.blocks (blocker_id, blocked_id) values (${bea.profileId}, ${ben.profileId})`;
  await admin`insert into private.suspended_accounts (user_id) values (${sam.id})`;
});
afterAll(async () => {
  for (const u of users) await u.client.removeAllChannels();
  await admin`delete from auth.users where id in ${admin(users.map((u) => u.id))}`;
  await admin.end();
});

describe("presence", () => {
  it("is hidden between a blocked pair, both ways, and shown to others", async () => {
    expect((await watch(ben.client, bea.profileId)).status).toBe("CHANNEL_ERROR");
    expect((await watch(bea.client, ben.profileId)).status).toBe("CHANNEL_ERROR");
    expect((await watch(oli.client, bea.profileId)).status).toBe("SUBSCRIBED");
    expect((await watch(oli.client, ben.profileId)).status).toBe("SUBSCRIBED");
  });

  it("of a suspended account is shown to nobody", async () => {
    expect((await watch(oli.client, sam.profileId)).status).toBe("CHANNEL_ERROR");
  });
});
