/**
 * Notification e-mails, measured through the real parts (docs/notifications.md): a production build of the app under
 * `next start`, its cron route (the worker) and the stack's SMTP listener and mailbox.
 *
 *   npx supabase-local --test -- node bench/notifications.ts [--skip-build] [--count=1000] [--joins=20]
 *
 * 1. Join request → e-mail in the mailbox, and outbox → push endpoint (the creator's device), p50/p95, with the
 *    local schedule (the route called every 3 s): `--joins` requests made at random moments, each timed from
 *    its commit (which queues the outbox row) to the mail's arrival and to the push's arrival at a push
 *    service this script runs (HTTPS on 127.0.0.1, its certificate trusted by the app through
 *    NODE_EXTRA_CA_CERTS, the payload decrypted with the device's keys to check it is that request's).
 * 2. `--count` queued notifications drained by calling the route back to back: time, e-mails/s, and the
 *    duplicates and missing e-mails counted in the mailbox by Message-ID.
 * Builds into .next-bench-notify (`--dist=<dir>` another; `--skip-build` reuses a build). Prints one table and
 * the JSON (a BENCH_RESULT line). `npm run bench` runs it on the bench's build (`--only=notifications`). `next build` adds its folder to tsconfig.json's include: put tsconfig.json back afterwards.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  decryptPushBody,
  localCertificate,
  newBrowserKeys,
  startPushEndpoint,
} from "../test/fixtures/push-endpoint-server.ts";
import postgres from "postgres";
import { buildApp, freePort, nextBin } from "./servers.ts";
import { percentile, round } from "./stats.ts";
import { spawn } from "node:child_process";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k!, v ?? "true"] as const;
  }),
);
const count = Number(args.get("count") ?? 1000);
const joins = Number(args.get("joins") ?? 20);
const distDir = args.get("dist") ?? ".next-bench-notify";

const need = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run inside \`npx supabase-local --test -- …\``);
  return value;
};
const admin = postgres(need("LOCAL_DB_ADMIN_URL"), { max: 4, onnotice: () => {} });
const mailbox = need("LOCAL_MAILBOX_URL").replace(/\/$/, "");
const cronSecret = need("CRON_SECRET");
need("SMTP_URL");

type Mail = { id: string; to: string; subject: string; headers: Record<string, string>; created_at: string };
const mails = async (to?: string): Promise<Mail[]> =>
  (await fetch(`${mailbox}/api/messages${to ? `?to=${encodeURIComponent(to)}` : ""}`)).json() as Promise<
    Mail[]
  >;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The push service the creators' devices are subscribed at; the app trusts its certificate.
const certificate = localCertificate();
const certFile = path.join(mkdtempSync(path.join(tmpdir(), "bench-push-")), "cert.pem");
writeFileSync(certFile, certificate.cert);
const pushService = await startPushEndpoint(certificate);

async function startApp(): Promise<{ origin: string; stop: () => void }> {
  if (args.get("skip-build") !== "true" || !existsSync(distDir)) {
    console.error(`building the app into ${distDir} …`);
    buildApp(distDir);
  }
  const port = await freePort();
  const server = spawn(nextBin, ["start", "-H", "127.0.0.1", "-p", String(port)], {
    stdio: "ignore",
    env: {
      ...process.env,
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: "1",
      PUSH_ENDPOINT_ORIGINS: pushService.origin,
      NODE_EXTRA_CA_CERTS: certFile,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${origin}/robots.txt`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(200);
  }
  return { origin, stop: () => server.kill() };
}

const cron = (origin: string) =>
  fetch(`${origin}/api/cron/notifications`, { headers: { authorization: `Bearer ${cronSecret}` } }).then(
    async (r) =>
      r.ok
        ? ((await r.json()) as { claimed: number; sent: number })
        : Promise.reject(new Error(`cron ${r.status}`)),
  );

/** A confirmed account with a public profile, straight in the database. */
async function athlete(specialty: string): Promise<{ auth: string; profile: string; email: string }> {
  const auth = randomUUID();
  const tag = auth.slice(0, 8);
  const email = `bench-${tag}@example.test`;
  await admin`insert into auth.users (id, email, email_confirmed_at) values (${auth}, ${email}, now())`;
  const [row] = await admin`
    insert into public.profiles (auth_id, username, full_name, location, is_public, looking_for_team, specialty,
                                 experience_level, goals)
    values (${auth}, ${`bench_${tag}`}, ${`Bench ${tag}`}, '{"display_name": "Noosa", "coordinates": [0, 0]}',
            true, true, ${specialty}, 'intermediate', 'Benchmark the notification e-mails')
    returning id`;
  return { auth, profile: row!.id as string, email };
}

async function joinLatency(origin: string): Promise<{ mail: number[]; push: number[] }> {
  // The local schedule: the route every 3 s, as `supabase-local --cron` calls it.
  let scheduling = true;
  const scheduler = (async () => {
    while (scheduling) {
      await cron(origin).catch((e: Error) => console.error(e.message));
      await sleep(3000);
    }
  })();
  const latencies: number[] = [];
  const pushLatencies: number[] = [];
  for (let i = 0; i < joins; i++) {
    const creator = await athlete("cyclist");
    const [team] = await admin`
      insert into public.teams (name, description, creator_id, requirements)
      values (${`Bench Team ${i} ${creator.auth.slice(0, 4)}`}, 'A team for the notification benchmark.', ${creator.auth},
              '{"roles": ["runner"], "experience_levels": ["intermediate"]}') returning id`;
    await admin`insert into public.team_members (team_id, profile_id, role, status)
                values (${team!.id}, ${creator.profile}, 'cyclist', 'active')`;
    const device = newBrowserKeys();
    const devicePath = `/push/${randomUUID()}`;
    await admin`insert into public.push_subscriptions (profile_id, endpoint, p256dh, auth)
                values (${creator.profile}, ${pushService.origin + devicePath}, ${device.p256dh}, ${device.auth})`;
    const requester = await athlete("runner");
    await sleep(Math.random() * 3000); // any moment of the 3 s cycle
    await admin.begin(async (tx) => {
      await tx`select set_config('role', 'authenticated', true),
                      set_config('request.jwt.claims', ${JSON.stringify({ sub: requester.auth, role: "authenticated" })}, true)`;
      await tx`select public.request_to_join_team(${team!.id}, 'runner')`;
    });
    const committed = Date.now();
    let mailAt = 0;
    let push: { at: number; body: Buffer } | undefined;
    while (!mailAt || !push) {
      if (Date.now() - committed > 60_000) throw new Error("no join request e-mail or push within 60 s");
      if (!mailAt && (await mails(creator.email)).length > 0) mailAt = Date.now();
      push ??= pushService.received.find((r) => r.path === devicePath);
      await sleep(20);
    }
    const payload = JSON.parse(decryptPushBody(push.body, device)) as { url: string };
    if (!payload.url.startsWith(`/teams/${team!.id}/requests/`))
      throw new Error(`a push for another event: ${payload.url}`);
    if (pushService.received.filter((r) => r.path === devicePath).length !== 1)
      throw new Error("a push twice");
    latencies.push(mailAt - committed);
    pushLatencies.push(push.at - committed);
  }
  scheduling = false;
  await scheduler;
  return { mail: latencies, push: pushLatencies };
}

async function drain(origin: string) {
  // Start from an empty queue (the seed's demo events and part 1 are not this measurement's).
  await admin`update private.notification_outbox set status = 'skipped' where status in ('pending', 'sending')`;
  const recipients = await Promise.all(Array.from({ length: 50 }, () => athlete("runner")));
  const [team] = await admin`select id from public.teams limit 1`;
  const run = randomUUID().slice(0, 8);
  const ids = (
    await admin`
      insert into private.notification_outbox (kind, dedupe_key, recipient_id, team_id, detail)
      select 'decision', ${`bench-${run}:`} || i, (${admin.array(recipients.map((r) => r.profile))}::uuid[])[1 + i % 50],
             ${team!.id}, 'declined'
      from generate_series(0, ${count - 1}) i returning id::text`
  ).map((r) => r.id as string);
  // The mailbox keeps its newest 500 mails and a route call may send hundreds, so read it every 2 s while
  // draining (about 40 new mails each time) and count each mail once by its mailbox id.
  const wanted = new Set(ids);
  const seen = new Map<string, number>();
  const counted = new Set<string>();
  const collect = async () => {
    for (const mail of await mails()) {
      if (counted.has(mail.id)) continue;
      counted.add(mail.id);
      const id = /<notification-(\d+)@/.exec(mail.headers["message-id"] ?? "")?.[1];
      if (id && wanted.has(id)) seen.set(id, (seen.get(id) ?? 0) + 1);
    }
  };
  let draining = true;
  const collector = (async () => {
    while (draining) {
      await collect();
      await sleep(2000);
    }
  })();
  const started = performance.now();
  let passes = 0;
  for (;;) {
    const result = await cron(origin);
    passes += 1;
    if (result.claimed === 0) {
      const [left] = await admin`select count(*)::int as n from private.notification_outbox
                                 where id = any(${ids}::bigint[]) and status in ('pending', 'sending')`;
      if (left!.n === 0) break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  draining = false;
  await collector;
  await collect();
  const received = [...seen.values()].reduce((a, b) => a + b, 0);
  const [states] = await admin`select count(*) filter (where status = 'sent')::int as sent,
                                      count(*) filter (where status = 'failed')::int as failed
                               from private.notification_outbox where id = any(${ids}::bigint[])`;
  return {
    queued: count,
    seconds: round(seconds),
    perSecond: round(count / seconds, 1),
    passes,
    received,
    duplicates: received - seen.size,
    missing: count - seen.size,
    sent: states!.sent as number,
    failed: states!.failed as number,
  };
}

const app = await startApp();
try {
  const { mail: latencies, push: pushLatencies } = await joinLatency(app.origin);
  const drained = await drain(app.origin);
  const result = {
    joinRequestToMailMs: {
      samples: latencies.length,
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      max: Math.max(...latencies),
    },
    outboxToPushMs: {
      samples: pushLatencies.length,
      p50: Math.round(percentile(pushLatencies, 50)),
      p95: Math.round(percentile(pushLatencies, 95)),
      max: Math.max(...pushLatencies),
    },
    drain: drained,
  };
  console.log(
    [
      "| figure | value | target |",
      "| --- | --- | --- |",
      `| join request → e-mail p50 / p95 (${latencies.length}, route every 3 s) | ${result.joinRequestToMailMs.p50} ms / ${result.joinRequestToMailMs.p95} ms | p95 ≤ 10000 ms |`,
      `| outbox → push endpoint p50 / p95 (${pushLatencies.length}, route every 3 s) | ${result.outboxToPushMs.p50} ms / ${result.outboxToPushMs.p95} ms | p95 ≤ 10000 ms |`,
      `| ${count} queued notifications drained | ${drained.seconds} s, ${drained.perSecond} e-mails/s (${drained.passes} route calls) | |`,
      `| duplicates / missing in the mailbox | ${drained.duplicates} / ${drained.missing} | 0 / 0 |`,
    ].join("\n"),
  );
  // One line for `npm run bench` (bench/children.ts), which runs this script on its own build.
  console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
} finally {
  app.stop();
  await pushService.close();
  await admin.end();
}
