import { randomUUID } from "node:crypto";
import dns from "node:dns";
import { Agent } from "node:https";
import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pool, withRls, withServiceRole, type Claims } from "@/lib/db";
import { myPushEndpoints, removePushSubscription, savePushSubscription } from "@/lib/data/push-subscriptions";
import { createTeam, requestToJoin } from "@/lib/data/team-writes";
import { pushSubscriptionSchema } from "@/lib/validation/push-subscription";
import { vapidKeys, webPushSender } from "./push";
import type { RenderedMail } from "./render";
import {
  checkVapid,
  decryptPushBody,
  encryptPushBody,
  newBrowserKeys,
  startPushEndpoint,
  type BrowserKeys,
} from "@/test/fixtures/push-endpoint-server";
import type { MailTransport } from "./transport";
import { runNotificationPass } from "./worker";
import { adminSql } from "@/test/fixtures/athletes";

// Web Push as one more channel of the outbox, against a push endpoint this test runs: the request is
// checked as a push service would (VAPID) and opened as the browser would (RFC 8291), with the stack's
// VAPID keys (supabase-local --test makes a pair) and a browser key pair made here.
const admin = adminSql();
const run = randomUUID().slice(0, 8);
// Each test's join request comes from its own athlete (the automatic message counts against the send limit).
const askers = [
  "noah",
  "r1",
  "r2",
  "r3",
  "r4",
  "r5",
  "r6",
  "r7",
  "r8",
  "r9",
  "r10",
  "r11",
  "r12",
  "r13",
  "r14",
  "r15",
  "r16",
] as const;
const names = ["mia", "stranger", ...askers] as const;
type Name = (typeof names)[number];
const auth = Object.fromEntries(names.map((n) => [n, randomUUID()])) as Record<Name, string>;
const profile = {} as Record<Name, string>;
const email = (n: Name) => `${n}-push-${run}@example.test`;
const as = (n: Name): Claims => ({ sub: auth[n], role: "authenticated", email: email(n) });

let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
let teamId = "";
const keys = vapidKeys();
let push: ReturnType<typeof webPushSender>;
let testNumber = -1;
/** The athlete who asks to join in this test. */
const asker = (): Name => askers[testNumber % askers.length]!;
const fullName = (n: Name) => `${n[0]!.toUpperCase()}${n.slice(1)} Tester`;

function mailbox(behaviour: { fail?: string } = {}) {
  const sent: RenderedMail[] = [];
  const transport: MailTransport = {
    async sendMail(mail) {
      if (behaviour.fail) throw new Error(behaviour.fail);
      sent.push(mail);
    },
  };
  return { sent, transport };
}

/** Subscribes one "browser" of `who` at a new endpoint path; returns its keys and path. */
async function subscribe(who: Name): Promise<{ path: string; browser: BrowserKeys }> {
  const browser = newBrowserKeys();
  const path = `/push/${randomUUID()}`;
  const input = pushSubscriptionSchema.parse({
    endpoint: `${endpoint.origin}${path}`,
    keys: { p256dh: browser.p256dh, auth: browser.auth },
  });
  await withRls(as(who), (tx) => savePushSubscription(tx, input));
  return { path, browser };
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const subscriptionCount = async (who: Name) =>
  Number(
    (await admin`select count(*) from public.push_subscriptions where profile_id = ${profile[who]}`)[0]!
      .count,
  );

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  process.env.PUSH_ENDPOINT_ORIGINS = endpoint.origin;
  push = webPushSender(keys, new Agent({ ca: endpoint.certificate }));
  for (const n of names) {
    await admin`insert into auth.users (id, email, email_confirmed_at) values (${auth[n]}, ${email(n)}, now())`;
    const [row] = await admin`
      insert into public.profiles (auth_id, username, full_name, location, is_public, looking_for_team, specialty,
                                   experience_level, goals)
      values (${auth[n]}, ${`${n}_p_${run}`}, ${fullName(n)},
              '{"display_name": "Noosa", "coordinates": [0, 0]}', true, true, 'runner', 'intermediate',
              'Race the run leg fast')
      returning id`;
    profile[n] = row!.id as string;
  }
  teamId = (
    await withRls(as("mia"), (tx) =>
      createTeam(tx, {
        name: `Push ${run}`,
        description: "A relay team for the push tests.",
        location: "Noosa Heads",
        max_members: 4,
        // Mia races the run leg: the askers ask for the swim leg.
        requirements: { roles: ["runner", "swimmer"], experience_levels: ["intermediate"] },
        training_schedule: { days: [], times: [] },
      }),
    )
  ).id;
});

beforeEach(async () => {
  await admin`update private.notification_outbox set status = 'skipped' where status in ('pending', 'sending')`;
  await admin`delete from public.push_subscriptions where profile_id in ${admin(Object.values(profile))}`;
  endpoint.received.length = 0;
  testNumber += 1;
});

afterAll(async () => {
  await endpoint.close();
  await admin`delete from auth.users where id in ${admin(Object.values(auth))}`;
  await admin.end();
  await pool().end();
});

describe("the test's own push endpoint", () => {
  it("decrypts what RFC 8291 encrypts, and refuses a body encrypted to other keys", () => {
    const browser = newBrowserKeys();
    const body = encryptPushBody('{"title":"Hello"}', browser);
    expect(decryptPushBody(body, browser)).toBe('{"title":"Hello"}');
    expect(() => decryptPushBody(body, newBrowserKeys())).toThrow();
  });
});

describe("push as a channel of the outbox", () => {
  it("a join request reaches the creator's device once: VAPID-signed for the endpoint's origin, payload no more than the e-mail", async () => {
    expect(keys, "the test stack sets VAPID keys").not.toBeNull();
    const device = await subscribe("mia");
    const join = await withRls(as(asker()), (tx) => requestToJoin(tx, teamId, "swimmer"));
    const { sent, transport } = mailbox();

    expect(await runNotificationPass({ transport, push })).toMatchObject({ claimed: 1, sent: 1, pushed: 1 });
    expect(endpoint.received).toHaveLength(1);
    const [request] = endpoint.received;
    expect(request!.path).toBe(device.path);
    expect(request!.headers["content-encoding"]).toBe("aes128gcm");
    expect(request!.headers.urgency).toBe("high");
    expect(Number(request!.headers.ttl)).toBe(86_400);

    const vapid = checkVapid(request!.headers.authorization);
    expect(vapid.jwtHeader).toEqual({ typ: "JWT", alg: "ES256" });
    expect(vapid.key).toBe(keys!.publicKey);
    expect(vapid.claims.aud).toBe(endpoint.origin);
    expect(vapid.claims.sub).toBe("mailto:hello@noosatriteams.com.au");
    const now = Date.now() / 1000;
    expect(vapid.claims.exp).toBeGreaterThan(now);
    expect(vapid.claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
    // Signed by the stack's VAPID key, not just any key: another key's signature does not verify.
    expect(() =>
      checkVapid(request!.headers.authorization!.replace(/k=.*/, `k=${newBrowserKeys().p256dh}`)),
    ).toThrow(/does not verify/);

    const payload = JSON.parse(decryptPushBody(request!.body, device.browser));
    expect(payload).toEqual({
      title: `${fullName(asker())} wants to join Push ${run}`,
      body: expect.any(String),
      url: `/teams/${teamId}/requests/${join.member.id}`,
      tag: `join_request:${join.member.id}`,
    });
    expect(sent[0]!.subject).toBe(payload.title);
    expect(sent[0]!.html).toContain(payload.body);
    expect(JSON.stringify(payload)).not.toContain("@");

    // Done: another pass sends nothing more, by either channel.
    expect(await runNotificationPass({ transport, push })).toMatchObject({ claimed: 0 });
    expect(endpoint.received).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("every device of the recipient gets it; nobody else's does", async () => {
    const [phone, laptop] = [await subscribe("mia"), await subscribe("mia")];
    const other = await subscribe("stranger");
    await withRls(as(asker()), (tx) => requestToJoin(tx, teamId, "swimmer"));
    expect(await runNotificationPass({ transport: mailbox().transport, push })).toMatchObject({ pushed: 2 });
    expect(endpoint.received.map((r) => r.path).sort()).toEqual([phone.path, laptop.path].sort());
    expect(endpoint.received.map((r) => r.path)).not.toContain(other.path);
    // Each opens with its own keys only.
    const byPath = new Map(endpoint.received.map((r) => [r.path, r.body]));
    expect(JSON.parse(decryptPushBody(byPath.get(phone.path)!, phone.browser)).url).toMatch(
      new RegExp(`^/teams/${teamId}/requests/`),
    );
    expect(() => decryptPushBody(byPath.get(phone.path)!, laptop.browser)).toThrow();
  });

  it("a failed e-mail is retried without pushing again, and a failed push without e-mailing again", async () => {
    await subscribe("mia");
    await withRls(as(asker()), (tx) => requestToJoin(tx, teamId, "swimmer"));
    expect(
      await runNotificationPass({ transport: mailbox({ fail: "SMTP down" }).transport, push }),
    ).toMatchObject({
      claimed: 1,
      retrying: 1,
      pushed: 1,
    });
    const retry = mailbox();
    expect(await runNotificationPass({ transport: retry.transport, push, now: minutes(2) })).toMatchObject({
      claimed: 1,
      sent: 1,
      pushed: 0,
    });
    expect(retry.sent).toHaveLength(1);
    expect(endpoint.received).toHaveLength(1);

    // Now the push service fails once (500): the e-mail goes once, the push on the retry.
    endpoint.received.length = 0;
    await admin`delete from public.team_members where team_id = ${teamId} and profile_id = ${profile[asker()]}`;
    const device = (
      await admin`select endpoint from public.push_subscriptions where profile_id = ${profile.mia}`
    )[0]!;
    endpoint.answer(new URL(device.endpoint as string).pathname, 500);
    await withRls(as(asker()), (tx) => requestToJoin(tx, teamId, "swimmer"));
    const first = mailbox();
    expect(await runNotificationPass({ transport: first.transport, push })).toMatchObject({
      retrying: 1,
      pushed: 0,
    });
    expect(first.sent).toHaveLength(1);
    const second = mailbox();
    expect(await runNotificationPass({ transport: second.transport, push, now: minutes(2) })).toMatchObject({
      sent: 1,
      pushed: 1,
    });
    expect(second.sent).toHaveLength(0);
    expect(endpoint.received).toHaveLength(2);
    const [row] = await admin`select status, last_error from private.notification_outbox
                               where recipient_id = ${profile.mia} order by id desc limit 1`;
    expect(row).toMatchObject({ status: "sent", last_error: null });
  });

  it.each([404, 410])(
    "a subscription the push service answers %i is removed; the e-mail still goes",
    async (status) => {
      const gone = await subscribe("mia");
      const kept = await subscribe("mia");
      endpoint.answer(gone.path, status);
      await withRls(as(asker()), (tx) => requestToJoin(tx, teamId, "swimmer"));
      const { sent, transport } = mailbox();
      expect(await runNotificationPass({ transport, push })).toMatchObject({
        sent: 1,
        pushed: 1,
        pushRemoved: 1,
      });
      expect(sent).toHaveLength(1);
      const left =
        await admin`select endpoint from public.push_subscriptions where profile_id = ${profile.mia}`;
      expect(left.map((r) => new URL(r.endpoint as string).pathname)).toEqual([kept.path]);
    },
  );

  it("without VAPID keys the worker sends e-mail only", async () => {
    await subscribe("mia");
    await withRls(as(asker()), (tx) => requestToJoin(tx, teamId, "swimmer"));
    const { sent, transport } = mailbox();
    expect(await runNotificationPass({ transport, push: webPushSender(null) })).toMatchObject({
      sent: 1,
      pushed: 0,
    });
    expect(sent).toHaveLength(1);
    expect(endpoint.received).toHaveLength(0);
  });
});

describe("the worker connects only to public addresses", () => {
  // A name on the allowed list that resolves to this machine (or to a private or link-local address) is
  // never connected to: the name is resolved by the connection itself, checked, and the subscription dropped.
  it.each([
    ["loopback", ["127.0.0.1"]],
    ["a public address beside a loopback one", ["8.8.8.8", "127.0.0.1"]],
    ["link-local (cloud metadata)", ["169.254.169.254"]],
    ["IPv6 loopback", ["::1"]],
  ])("an endpoint whose name resolves to %s is never connected to", async (_, addresses) => {
    let connections = 0;
    const listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const port = (listener.address() as AddressInfo).port;
    const host = "rebind.example.test";
    const lookup = dns.lookup;
    const looked: string[] = [];
    vi.spyOn(dns, "lookup").mockImplementation(((name: string, options: unknown, callback: unknown) => {
      if (name !== host) return (lookup as (...a: unknown[]) => void)(name, options, callback);
      looked.push(name);
      const done = (typeof options === "function" ? options : callback) as (...a: unknown[]) => void;
      const all = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      if (typeof options === "object" && (options as { all?: boolean }).all) done(null, all);
      else done(null, all[0]!.address, all[0]!.family);
    }) as typeof dns.lookup);
    const origins = process.env.PUSH_ENDPOINT_ORIGINS;
    process.env.PUSH_ENDPOINT_ORIGINS = `${endpoint.origin},https://${host}:${port}`;
    try {
      const browser = newBrowserKeys();
      const input = pushSubscriptionSchema.parse({
        endpoint: `https://${host}:${port}/push/${randomUUID()}`,
        keys: { p256dh: browser.p256dh, auth: browser.auth },
      });
      await withRls(as("mia"), (tx) => savePushSubscription(tx, input));
      await withRls(as(asker()), (tx) => requestToJoin(tx, teamId, "swimmer"));
      const { sent, transport } = mailbox();
      const result = await runNotificationPass({ transport, push });
      expect(looked).toContain(host);
      expect(connections).toBe(0);
      expect(result).toMatchObject({ sent: 1, pushed: 0, pushRemoved: 1 });
      expect(sent).toHaveLength(1);
      expect(await subscriptionCount("mia")).toBe(0);
    } finally {
      process.env.PUSH_ENDPOINT_ORIGINS = origins;
      vi.restoreAllMocks();
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});

describe("subscriptions under RLS", () => {
  it("only the owner sees or removes a device; saving the same endpoint twice keeps one row", async () => {
    const device = await subscribe("mia");
    const url = `${endpoint.origin}${device.path}`;
    await withRls(as("mia"), (tx) =>
      savePushSubscription(tx, {
        endpoint: url,
        keys: { p256dh: device.browser.p256dh, auth: device.browser.auth },
      }),
    );
    expect(await subscriptionCount("mia")).toBe(1);
    expect(await withRls(as("mia"), myPushEndpoints)).toEqual([url]);
    expect(await withRls(as("stranger"), myPushEndpoints)).toEqual([]);
    await expect(withRls(null, (tx) => tx`select endpoint from public.push_subscriptions`)).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      withRls(as("stranger"), (tx) => tx`select p256dh from public.push_subscriptions`),
    ).rejects.toThrow(/permission denied/);
    await expect(
      withRls(
        as("stranger"),
        (tx) => tx`insert into public.push_subscriptions (profile_id, endpoint, p256dh, auth)
        values (${profile.mia}, ${`${endpoint.origin}/forged`}, ${device.browser.p256dh}, ${device.browser.auth})`,
      ),
    ).rejects.toThrow(/permission denied/);
    await withRls(as("stranger"), (tx) => removePushSubscription(tx, url));
    expect(await subscriptionCount("mia")).toBe(1);
    await withRls(as("mia"), (tx) => removePushSubscription(tx, url));
    expect(await subscriptionCount("mia")).toBe(0);
  });

  it("an endpoint that is another account's is never moved, with the caller's keys or the owner's", async () => {
    const device = await subscribe("mia");
    const url = `${endpoint.origin}${device.path}`;
    const owners = async () =>
      admin`select profile_id, p256dh, auth from public.push_subscriptions where endpoint = ${url}`;
    const before = await owners();
    const forged = newBrowserKeys();
    for (const keys of [
      { p256dh: forged.p256dh, auth: forged.auth },
      { p256dh: device.browser.p256dh, auth: device.browser.auth },
    ]) {
      await expect(
        withRls(as("noah"), (tx) => savePushSubscription(tx, { endpoint: url, keys })),
      ).rejects.toMatchObject({ code: "P0001", hint: "PUSH_ENDPOINT_TAKEN" });
    }
    expect(await owners()).toEqual(before);
    expect(before).toEqual([
      { profile_id: profile.mia, p256dh: device.browser.p256dh, auth: device.browser.auth },
    ]);
    expect(await subscriptionCount("noah")).toBe(0);
    // The owner saving it again (new keys after the browser renewed them) still updates it.
    const renewed = newBrowserKeys();
    await withRls(as("mia"), (tx) =>
      savePushSubscription(tx, { endpoint: url, keys: { p256dh: renewed.p256dh, auth: renewed.auth } }),
    );
    expect((await owners())[0]).toMatchObject({ profile_id: profile.mia, p256dh: renewed.p256dh });
  });

  it("a suspended account can neither turn a device on nor off", async () => {
    const device = await subscribe("stranger");
    const url = `${endpoint.origin}${device.path}`;
    await admin`insert into private.suspended_accounts (user_id) values (${auth.stranger})`;
    try {
      await expect(
        withRls(as("stranger"), (tx) =>
          savePushSubscription(tx, {
            endpoint: `${url}-2`,
            keys: { p256dh: device.browser.p256dh, auth: device.browser.auth },
          }),
        ),
      ).rejects.toThrow(/suspended/);
      await expect(withRls(as("stranger"), (tx) => removePushSubscription(tx, url))).rejects.toThrow(
        /suspended/,
      );
      expect(await subscriptionCount("stranger")).toBe(1);
    } finally {
      await admin`delete from private.suspended_accounts where user_id = ${auth.stranger}`;
    }
  });

  it("keeps an athlete's 10 newest devices", async () => {
    for (let i = 0; i < 12; i++) await subscribe("mia");
    expect(await subscriptionCount("mia")).toBe(10);
  });

  it("refuses an endpoint that is not a push service, and malformed keys, before and in the database", async () => {
    const browser = newBrowserKeys();
    const keysOk = { p256dh: browser.p256dh, auth: browser.auth };
    for (const bad of [
      "http://169.254.169.254/latest/meta-data",
      "https://fcm.googleapis.com.evil.example/x",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://user:pw@fcm.googleapis.com/fcm/send/x",
      "not a url",
    ]) {
      expect(pushSubscriptionSchema.safeParse({ endpoint: bad, keys: keysOk }).success, bad).toBe(false);
    }
    expect(
      pushSubscriptionSchema.safeParse({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: keysOk })
        .success,
    ).toBe(true);
    expect(
      pushSubscriptionSchema.safeParse({
        endpoint: "https://web.push.apple.com/QGx",
        keys: { ...keysOk, auth: "short" },
      }).success,
    ).toBe(false);
    await expect(
      withRls(
        as("mia"),
        (tx) => tx`select public.save_push_subscription('https://fcm.googleapis.com/x', 'nope', 'nope')`,
      ),
    ).rejects.toThrow(/push_subscriptions_(p256dh|auth)_format/);
    // An account without a profile has nothing to save it for.
    await expect(
      withRls(
        { sub: randomUUID(), role: "authenticated" },
        (tx) =>
          tx`select public.save_push_subscription(${`${endpoint.origin}/x`}, ${browser.p256dh}, ${browser.auth})`,
      ),
    ).rejects.toThrow(/Create your profile first/);
  });
});

describe("the worker's own use of the database", () => {
  it("records nothing when every channel delivered (one write per row, as before)", async () => {
    await subscribe("mia");
    await withRls(as(asker()), (tx) => requestToJoin(tx, teamId, "swimmer"));
    await runNotificationPass({ transport: mailbox().transport, push });
    const [row] = await admin`select id from private.notification_outbox where recipient_id = ${profile.mia}
                              order by id desc limit 1`;
    const deliveries = await withServiceRole(
      (tx) => tx`select * from private.notification_deliveries where outbox_id = ${row!.id}`,
    );
    expect(deliveries).toHaveLength(0);
  });
});
