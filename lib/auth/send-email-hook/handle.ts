import { randomUUID } from "node:crypto";
import type { MailTransport } from "@/lib/notifications/transport";
import { site } from "@/lib/site";
import { authMailsFor } from "./mails";
import { sendEmailPayload } from "./payload";
import { parseSecrets, verify } from "./standard-webhooks";

/** A hook answer: HTTP status and JSON body, as Supabase Auth reads them. */
export type HookAnswer = { status: number; body: Record<string, unknown> };

/**
 * Auth passes an `error` object in a 200 answer on to the person's request as that status and message
 * (a non-2xx answer only ever becomes Auth's own 500). 503: the app shows "try again in a few minutes".
 */
const failed = (message: string, httpCode = 503): HookAnswer => ({
  status: 200,
  body: { error: { http_code: httpCode, message } },
});

// Token hashes e-mailed lately: Auth retries a hook it could not reach with a new webhook-id each time, so
// a retry (or a replayed request) is recognised by what it carries and not sent twice.
const recentlySent = new Map<string, number>();
const rememberMs = 10 * 60_000;

function alreadySent(key: string, now: number): boolean {
  for (const [k, at] of recentlySent) if (now - at > rememberMs) recentlySent.delete(k);
  return recentlySent.has(key);
}

/**
 * The Send Email Hook: verify the Standard Webhooks signature on the raw body, then render the e-mails from
 * lib/auth/emails and send them through the notifications' SMTP transport, From "Noosa Tri Teams".
 */
export async function handleSendEmailHook(
  request: { headers: Headers; body: string },
  deps: { secrets: string | undefined; transport: () => MailTransport; from?: string; now?: number },
): Promise<HookAnswer> {
  const keys = parseSecrets(deps.secrets);
  if (keys.length === 0) {
    console.error("send-email hook: SEND_EMAIL_HOOK_SECRET is not set; no auth e-mail can be sent");
    return { status: 500, body: { error: "The hook is not configured" } };
  }
  const verdict = verify(
    keys,
    {
      id: request.headers.get("webhook-id"),
      timestamp: request.headers.get("webhook-timestamp"),
      signature: request.headers.get("webhook-signature"),
    },
    request.body,
    deps.now === undefined ? undefined : Math.floor(deps.now / 1000),
  );
  if (!verdict.ok) return { status: 401, body: { error: "Invalid signature" } };

  let json: unknown;
  try {
    json = JSON.parse(request.body);
  } catch {
    return { status: 400, body: { error: "Body is not JSON" } };
  }
  const parsed = sendEmailPayload.safeParse(json);
  if (!parsed.success) return { status: 400, body: { error: "Not a Send Email Hook payload" } };
  const payload = parsed.data;
  const mails = await authMailsFor(payload);
  if (!mails) {
    console.error("send-email hook: no e-mail for", payload.email_data.email_action_type);
    return failed("This kind of e-mail is not sent by this site.", 422);
  }
  if (mails === "bad-address") {
    console.error("send-email hook: a recipient is not one address", {
      action: payload.email_data.email_action_type,
    });
    return failed("This e-mail address cannot be sent to.", 400);
  }

  const now = deps.now ?? Date.now();
  const key = `${payload.email_data.email_action_type}:${payload.email_data.token_hash}:${payload.email_data.token_hash_new}`;
  if (alreadySent(key, now)) return { status: 200, body: {} };
  const from = deps.from || site.authEmailsFrom;
  try {
    const transport = deps.transport();
    for (const mail of mails) {
      const messageId = `<auth-${randomUUID()}@${new URL(site.url).hostname}>`;
      await transport.sendMail({ ...mail, from, headers: {}, messageId });
    }
  } catch (error) {
    console.error("send-email hook: sending failed", {
      action: payload.email_data.email_action_type,
      reason: error instanceof Error ? error.message : String(error),
    });
    return failed("The e-mail could not be sent just now. Please try again in a few minutes.");
  }
  recentlySent.set(key, now);
  return { status: 200, body: {} };
}
