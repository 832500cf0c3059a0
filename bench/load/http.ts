/**
 * What a browser sends, over Node's own HTTP client (undici, keep-alive): page GETs with the session
 * cookies, and the app's server actions as Next's router posts them (the action id from the build's
 * manifest, the arguments as JSON). Each answer is classified: a page that came back, a clear error
 * ("the database isn't answering", lib/db/unavailable.ts), shed (503 with Retry-After: the server said
 * "busy, try again" before anything ran, lib/shedding/shed.ts), or a bad one (a stack, a blank page, a redirect
 * to sign-in, a 5xx without the clear error).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export type Outcome = "ok" | "clear-error" | "shed" | "bad";
export type Answer = {
  status: number;
  ms: number;
  bytes: number;
  outcome: Outcome;
  body: string;
  /** A shed answer's Retry-After, seconds. */
  retryAfter?: number;
  /** Why the request got no answer (the client's timeout, a reset connection), when it got none. */
  failure?: string;
};

/** The client's error for a request that got no answer: "timeout" for the 30 s limit, else its cause. */
function failureOf(error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === "TimeoutError") return "timeout";
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error);
}

const STACK = /\n\s+at [^\n]*:\d+:\d+/;

/**
 * Load shedding's answer (lib/shedding/shed.ts): 503 with Retry-After in whole seconds. Its seconds, or null
 * for any other answer (a 503 without Retry-After is an error, not shedding).
 */
export function shedRetryAfter(status: number, retryAfter: string | null): number | null {
  if (status !== 503 || retryAfter === null || !/^\d+$/.test(retryAfter.trim())) return null;
  return Number(retryAfter.trim());
}
const TIMEOUT_MS = 30_000;

export function classify(status: number, body: string): Outcome {
  if (STACK.test(body)) return "bad";
  if (body.includes('"digest":"DB_UNAVAILABLE"') || body.includes("DB_UNAVAILABLE")) return "clear-error";
  if (status >= 300 || body.length < 200) return "bad";
  // Any other error boundary in the streamed page (a digest other than Next's own redirects/404s).
  if (/"digest":"(?!NEXT_)/.test(body)) return "bad";
  return "ok";
}

/** A request that got no answer at all (refused, reset, timed out): a bad outcome, with why. */
function noAnswer(started: number, error: unknown): Answer {
  return {
    status: 0,
    ms: performance.now() - started,
    bytes: 0,
    outcome: "bad",
    body: "",
    failure: failureOf(error),
  };
}

export async function getPage(base: string, path: string, cookie: string | null): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(base + path, {
      headers: cookie ? { cookie } : {},
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = await response.text();
    const ms = performance.now() - started;
    const retryAfter = shedRetryAfter(response.status, response.headers.get("retry-after"));
    return {
      status: response.status,
      ms,
      bytes: body.length,
      outcome: retryAfter === null ? classify(response.status, body) : "shed",
      body,
      ...(retryAfter === null ? {} : { retryAfter }),
    };
  } catch (error) {
    return noAnswer(started, error);
  }
}

/** Server action ids by exported name, from the build's manifest (`<distDir>/server/server-reference-manifest.json`). */
export function actionIds(distDir: string): Record<string, string> {
  const manifest = JSON.parse(
    readFileSync(join(distDir, "server", "server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { filename?: string; exportedName?: string }> };
  const ids: Record<string, string> = {};
  for (const [id, entry] of Object.entries(manifest.node)) {
    const chats = ["lib/actions/messages.ts", "lib/actions/team-chat.ts"];
    if (chats.includes(entry.filename ?? "") && entry.exportedName) ids[entry.exportedName] = id;
  }
  const needed = ["sendMessageAction", "fetchMessagesAction", "markReadAction", "fetchInboxStateAction"];
  for (const name of [
    ...needed,
    "sendTeamChatMessageAction",
    "fetchTeamChatAction",
    "markTeamChatReadAction",
  ])
    if (!ids[name]) throw new Error(`server action ${name} not found in the build's manifest`);
  return ids;
}

/** The action's return value from Next's flight answer: the first line that holds `{"ok":…}` or the result. */
export function actionResult(body: string): Record<string, unknown> | null {
  for (const line of body.split("\n")) {
    const m = /^[0-9a-f]+:(\{.*\})$/.exec(line);
    if (!m) continue;
    try {
      const value = JSON.parse(m[1]!) as Record<string, unknown>;
      if ("ok" in value || "unread" in value) return value;
    } catch {
      // Not JSON: a row of the rendered tree.
    }
  }
  return null;
}

export async function callAction(
  base: string,
  path: string,
  cookie: string,
  actionId: string,
  args: unknown[],
): Promise<Answer & { result: Record<string, unknown> | null }> {
  const started = performance.now();
  try {
    const response = await fetch(base + path, {
      method: "POST",
      headers: {
        cookie,
        "next-action": actionId,
        accept: "text/x-component",
        "content-type": "text/plain;charset=UTF-8",
      },
      body: JSON.stringify(args),
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = await response.text();
    const ms = performance.now() - started;
    const result = actionResult(body);
    const retryAfter = shedRetryAfter(response.status, response.headers.get("retry-after"));
    if (retryAfter !== null)
      return { status: response.status, ms, bytes: body.length, outcome: "shed", body, result, retryAfter };
    // An action may answer the database's absence itself ({ok: false, code: "UNAVAILABLE"}), as a form shows it.
    const outcome: Outcome = STACK.test(body)
      ? "bad"
      : response.ok && result?.code === "UNAVAILABLE"
        ? "clear-error"
        : response.ok && result
          ? "ok"
          : body.includes("DB_UNAVAILABLE")
            ? "clear-error"
            : "bad";
    return { status: response.status, ms, bytes: body.length, outcome, body, result };
  } catch (error) {
    return { ...noAnswer(started, error), result: null };
  }
}
