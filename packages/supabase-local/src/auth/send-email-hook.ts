import { createHmac, randomUUID } from "node:crypto";
import { AuthError } from "../http.ts";

/**
 * Supabase Auth's HTTP Send Email Hook, as GoTrue calls it (internal/hooks/hookshttp): POST the JSON
 * payload with Standard Webhooks headers (webhook-id, a fresh UUID per attempt; webhook-timestamp, Unix
 * seconds; webhook-signature, `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` per secret, joined by ", "),
 * within 5 s for all attempts together. A connection error is retried up to three attempts, 2 s apart; a 429
 * or 503 with Retry-After is retried at once. What the person's request then answers:
 *   204, or 200/202 with a JSON body → sent (a body `{"error": {"http_code", "message"}}` → that status and
 *     message instead);
 *   200/202 without a JSON Content-Type → 400 hook_payload_invalid_content_type;
 *   400 → 500 "Invalid payload sent to hook"; 401 → 500 "Hook requires authorization token";
 *   429/503 without Retry-After → 500 "Service currently unavailable due to hook";
 *   any other status → 500 "Unexpected status code returned from hook: <status>";
 *   out of time → 422 hook_timeout; unreachable after the retries → 422 hook_timeout_after_retry.
 */

export type SendEmailHook = { uri: string; secrets: string[] };

export type SendEmailData = {
  token: string;
  token_hash: string;
  redirect_to: string;
  email_action_type: string;
  site_url: string;
  token_new: string;
  token_hash_new: string;
};

export const hookTimeoutMs = 5_000;
const attempts = 3;
const backoffMs = 2_000;
const responseLimit = 200 * 1024;

export function signatures(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      if (!secret.startsWith("v1,"))
        throw new AuthError(500, "unexpected_failure", "invalid signature format");
      const key = Buffer.from(secret.slice(3).replace(/^whsec_/, ""), "base64");
      return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
    })
    .join(", ");
}

const internal = (message: string) => new AuthError(500, "unexpected_failure", message);

/** A 200/202 answer: must be JSON; an `error` object with a message is the person's answer. */
async function readAnswer(res: Response): Promise<void> {
  const type = res.headers.get("content-type");
  if (!type) {
    throw new AuthError(
      400,
      "hook_payload_invalid_content_type",
      "Invalid Content-Type: Missing Content-Type header",
    );
  }
  if (type.split(";")[0]!.trim().toLowerCase() !== "application/json") {
    throw new AuthError(
      400,
      "hook_payload_invalid_content_type",
      `Invalid JSON response. Received content-type: ${type}`,
    );
  }
  const text = await res.text();
  if (Buffer.byteLength(text) > responseLimit) {
    throw new AuthError(
      422,
      "hook_payload_over_size_limit",
      `Payload size exceeded size limit of ${responseLimit} bytes`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw internal("Error unmarshaling JSON output.");
  }
  const error = (body as { error?: { http_code?: unknown; message?: unknown } } | null)?.error;
  if (error && typeof error === "object" && typeof error.message === "string" && error.message) {
    const status = typeof error.http_code === "number" && error.http_code > 0 ? error.http_code : 500;
    throw new AuthError(status, status === 500 ? "unexpected_failure" : "unknown", error.message);
  }
}

/** Calls the hook once per e-mail GoTrue would send; resolves when the hook took it, else throws AuthError. */
export async function callSendEmailHook(
  hook: SendEmailHook,
  payload: { user: Record<string, unknown>; email_data: SendEmailData; ip?: string },
): Promise<void> {
  const body = JSON.stringify({
    metadata: {
      uuid: randomUUID(),
      time: new Date().toISOString(),
      name: "send-email",
      ...(payload.ip ? { ip_address: payload.ip } : {}),
    },
    user: payload.user,
    email_data: payload.email_data,
  });
  const deadline = AbortSignal.timeout(hookTimeoutMs);
  const timedOut = () =>
    new AuthError(
      422,
      "hook_timeout",
      `Failed to reach hook within maximum time of ${(hookTimeoutMs / 1000).toFixed(6)} seconds`,
    );
  for (let attempt = 0; attempt < attempts; attempt++) {
    const id = randomUUID();
    const timestamp = Math.floor(Date.now() / 1000);
    let res: Response;
    try {
      res = await fetch(hook.uri, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": id,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signatures(hook.secrets, id, timestamp, body),
          "accept-encoding": "identity",
        },
        body,
        signal: deadline,
        redirect: "manual",
      });
    } catch (error) {
      if (error instanceof AuthError) throw error;
      if (deadline.aborted) throw timedOut();
      if (attempt < attempts - 1) {
        await new Promise((resolve) => setTimeout(resolve, backoffMs));
        if (deadline.aborted) throw timedOut();
        continue;
      }
      throw new AuthError(422, "hook_timeout_after_retry", "Failed to reach hook after maximum retries");
    }
    switch (res.status) {
      case 204:
        return;
      case 200:
      case 202:
        return readAnswer(res);
      case 429:
      case 503:
        await res.body?.cancel();
        if (res.headers.get("retry-after")) continue;
        throw internal("Service currently unavailable due to hook");
      case 400:
        await res.body?.cancel();
        throw internal("Invalid payload sent to hook");
      case 401:
        await res.body?.cancel();
        throw internal("Hook requires authorization token");
      default:
        await res.body?.cancel();
        throw internal(`Unexpected status code returned from hook: ${res.status}`);
    }
  }
  throw internal("Service currently unavailable due to hook");
}
