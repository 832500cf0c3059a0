import "server-only";
import { withServiceRole } from "@/lib/db";
import { webPushSender, type PushSender, type PushTarget } from "./push";
import { pushPayload } from "./push-payload";
import { renderNotification } from "./render";
import { smtpTransport, type MailTransport } from "./transport";
import type { ClaimedNotification } from "./types";

export type WorkerOptions = {
  /** Rows claimed per pass. */
  limit?: number;
  /** How long a claim is this worker's; after it another worker may take the row again. */
  leaseSeconds?: number;
  /** Stop sending after this long and give the rest back (stays well inside the lease). */
  budgetMs?: number;
  /** Sends at once. */
  concurrency?: number;
  /** The clock, for tests; production uses the database's now(). */
  now?: Date;
  transport?: MailTransport;
  /** The Web Push channel; default: web-push with the environment's VAPID keys, none without them. */
  push?: PushSender | null;
};

export type WorkerResult = {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  released: number;
  /** Pushes the push services accepted. */
  pushed: number;
  /** Subscriptions removed because their push service no longer knows them (404, 410). */
  pushRemoved: number;
};

// The e-mails about a request or an invitation link to that one decision's page, so its id joins the data
// from the outbox row (the row's member_id / invitation_id never change once queued).
const claimRows = (limit: number, leaseSeconds: number, now: Date | undefined) =>
  withServiceRole(
    (tx) => tx<ClaimedNotification[]>`
      with c as (
        select * from private.claim_notifications(${limit}, make_interval(secs => ${leaseSeconds}),
                                                  coalesce(${now?.toISOString() ?? null}::timestamptz, now())))
      select c.id::text, c.kind, c.claim_token::text, c.attempts, c.recipient_id::text, c.to_email,
             c.recipient_name,
             case when c.kind in ('join_request', 'decision') and o.member_id is not null
                    then c.data || jsonb_build_object('member_id', o.member_id)
                  when c.kind = 'invitation' and o.invitation_id is not null
                    then c.data || jsonb_build_object('invitation_id', o.invitation_id)
                  else c.data end as data
      from c left join private.notification_outbox o on o.id = c.id`,
  );

const at = (now: Date | undefined) => now?.toISOString() ?? null;

type Delivery = { channel: "email" | "push"; target: string };

/**
 * What each claimed row still has to deliver: whether its e-mail went out on an earlier try, and the
 * recipient's devices it has not reached yet (a row is retried while any channel failed; what a try
 * delivered is recorded then, so the retry sends only the rest).
 */
async function pendingChannels(rows: ClaimedNotification[], withPush: boolean) {
  const ids = rows.map((r) => r.id);
  return withServiceRole(async (tx) => {
    const emailed = await tx<{ id: string }[]>`
      select outbox_id::text as id from private.notification_deliveries
      where outbox_id = any (${ids}::bigint[]) and channel = 'email'`;
    const targets = withPush
      ? await tx<(PushTarget & { outbox_id: string })[]>`
          select o.id::text as outbox_id, s.id::text as id, s.endpoint, s.p256dh, s.auth
          from private.notification_outbox o
          join public.push_subscriptions s on s.profile_id = o.recipient_id
          where o.id = any (${ids}::bigint[])
            and not exists (select 1 from private.notification_deliveries d
                            where d.outbox_id = o.id and d.channel = 'push' and d.target = s.id::text)`
      : [];
    const devices = new Map<string, PushTarget[]>();
    for (const { outbox_id, ...target } of targets)
      devices.set(outbox_id, [...(devices.get(outbox_id) ?? []), target]);
    return { emailed: new Set(emailed.map((e) => e.id)), devices };
  });
}

/**
 * One pass of the notification worker: claim due rows (committed at once: no transaction stays open while
 * mail is sent), send each by e-mail and by Web Push to the recipient's devices, then mark it sent, or
 * failed for a retry with backoff (recording what did go out, so the retry sends only the rest). Each row
 * is marked right after its own sends, so a crash re-sends at most what was in flight (at-least-once).
 */
export async function runNotificationPass(options: WorkerOptions = {}): Promise<WorkerResult> {
  const { limit = 50, leaseSeconds = 300, concurrency = 4, now } = options;
  const budgetMs = options.budgetMs ?? leaseSeconds * 500;
  const started = Date.now();
  // Before claiming: a missing SMTP_URL must not leave rows claimed until their lease ends.
  const transport = options.transport ?? smtpTransport();
  const push = options.push === undefined ? webPushSender() : options.push;
  const rows = await claimRows(limit, leaseSeconds, now);
  const result: WorkerResult = {
    claimed: rows.length,
    sent: 0,
    retrying: 0,
    failed: 0,
    released: 0,
    pushed: 0,
    pushRemoved: 0,
  };
  if (rows.length === 0) return result;

  const queue = [...rows];
  const leftOver: ClaimedNotification[] = [];
  const { emailed, devices } = await pendingChannels(rows, push !== null);
  const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

  // E-mail and push at once, each channel on its own: one failing does not stop the other.
  const sendEmail = async (row: ClaimedNotification): Promise<Delivery[]> => {
    if (emailed.has(row.id)) return [];
    await transport.sendMail(await renderNotification(row));
    return [{ channel: "email", target: "" }];
  };
  const sendPushes = async (row: ClaimedNotification): Promise<{ done: Delivery[]; failed: string[] }> => {
    const targets = devices.get(row.id) ?? [];
    if (!push || row.kind === "interest_confirm" || targets.length === 0) return { done: [], failed: [] };
    const payload = JSON.stringify(pushPayload(row));
    const done: Delivery[] = [];
    const failed: string[] = [];
    await Promise.all(
      targets.map(async (target) => {
        try {
          if ((await push.send(target, payload)) === "gone") {
            await withServiceRole(
              (tx) => tx`delete from public.push_subscriptions where id = ${target.id}::uuid`,
            );
            result.pushRemoved += 1;
          } else {
            done.push({ channel: "push", target: target.id });
            result.pushed += 1;
          }
        } catch (error) {
          failed.push(`push: ${reasonOf(error)}`);
        }
      }),
    );
    return { done, failed };
  };

  const sendOne = async (row: ClaimedNotification) => {
    const [email, pushes] = await Promise.all([
      sendEmail(row).then(
        (done) => ({ done, failed: [] as string[] }),
        (error: unknown) => ({ done: [] as Delivery[], failed: [reasonOf(error)] }),
      ),
      sendPushes(row),
    ]);
    const failures = [...email.failed, ...pushes.failed];
    if (failures.length) {
      const reason = failures.join("; ");
      const delivered = [...email.done, ...pushes.done];
      console.error("notification send failed", {
        action: "notifications.send",
        id: row.id,
        kind: row.kind,
        reason,
      });
      // What did go out is recorded with the failure, so the retry sends only what is missing.
      const [marked] = await withServiceRole(async (tx) => {
        if (delivered.length) {
          await tx`insert into private.notification_deliveries (outbox_id, channel, target)
                   select ${row.id}::bigint, d.channel, d.target
                   from jsonb_to_recordset(${tx.json(delivered)}::jsonb) as d(channel text, target text)
                   on conflict do nothing`;
        }
        return tx<{ status: string | null }[]>`
          select private.mark_notification_failed(${row.id}::bigint, ${row.claim_token}::uuid, ${reason},
                                                  coalesce(${at(now)}::timestamptz, now())) as status`;
      });
      if (marked?.status === "failed") result.failed += 1;
      else result.retrying += 1;
      return;
    }
    await withServiceRole(
      (tx) => tx`select private.mark_notification_sent(${row.id}::bigint, ${row.claim_token}::uuid,
                                                      coalesce(${at(now)}::timestamptz, now()))`,
    );
    result.sent += 1;
  };
  const lane = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      if (Date.now() - started > budgetMs) {
        leftOver.push(row, ...queue.splice(0));
        return;
      }
      // A database error while marking leaves that row claimed until its lease ends (then it is sent
      // again); the other rows go on.
      await sendOne(row).catch((error: unknown) =>
        console.error("notification mark failed", {
          action: "notifications.mark",
          id: row.id,
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));

  if (leftOver.length) {
    const [released] = await withServiceRole(
      (tx) => tx<{ n: number }[]>`
        select private.release_notifications(${leftOver.map((r) => r.id)}::bigint[], ${rows[0]!.claim_token}::uuid) as n`,
    );
    result.released = released?.n ?? 0;
  }
  return result;
}

/**
 * Passes one after another until the queue has no more due rows or `budgetMs` is spent: what the cron
 * route runs, so a burst (an urgent need alerting hundreds) drains within the minute instead of 50 a call.
 */
export async function drainNotifications(
  options: Omit<WorkerOptions, "budgetMs"> & { budgetMs: number },
): Promise<WorkerResult & { passes: number }> {
  const { budgetMs, limit = 50, ...rest } = options;
  const started = Date.now();
  const total = {
    claimed: 0,
    sent: 0,
    retrying: 0,
    failed: 0,
    released: 0,
    pushed: 0,
    pushRemoved: 0,
    passes: 0,
  };
  for (;;) {
    const left = budgetMs - (Date.now() - started);
    if (left <= 0) break;
    const pass = await runNotificationPass({ ...rest, limit, budgetMs: left });
    total.passes += 1;
    for (const key of [
      "claimed",
      "sent",
      "retrying",
      "failed",
      "released",
      "pushed",
      "pushRemoved",
    ] as const) {
      total[key] += pass[key];
    }
    if (pass.claimed < limit || pass.released > 0) break;
  }
  return total;
}
