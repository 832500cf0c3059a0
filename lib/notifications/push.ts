import "server-only";
import dns, { type LookupAddress } from "node:dns";
import { request, type Agent } from "node:https";
import type { LookupFunction } from "node:net";
import webpush from "web-push";
import { site } from "@/lib/site";
import { isPublicAddress } from "./public-address";
import { readPushEndpoint, type PushEndpoint } from "./push-endpoint";

export type PushTarget = { id: string; endpoint: string; p256dh: string; auth: string };
/** "gone": the push service no longer knows this subscription (404, 410), or it may not be sent to. */
export type PushOutcome = "sent" | "gone";
/** What the worker needs to push (tests inject a fake or point the real one at their own endpoint). */
export type PushSender = { send(target: PushTarget, payload: string): Promise<PushOutcome> };

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** The VAPID keys from the environment (`npx web-push generate-vapid-keys`), or null: push is then off. */
export function vapidKeys(env: NodeJS.ProcessEnv = process.env): VapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: env.VAPID_SUBJECT?.trim() || `mailto:${site.contactEmail}` };
}

/** Every address the system resolver gives for a name (read from `dns` at each call, as Node's own is). */
const resolveAll = (hostname: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) =>
    dns.lookup(hostname, { all: true, order: "verbatim" }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** The endpoint's name resolved to an address that is not public: never sent to, and forgotten. */
export class NotPublicAddressError extends Error {
  constructor(hostname: string, address: string) {
    super(`push endpoint ${hostname} resolves to ${address}, not a public address`);
  }
}

/**
 * The connection's own name lookup: resolves the endpoint's host, refuses it when any address is not
 * public (loopback, private, link-local…), and hands the socket the addresses it checked, so the request
 * goes to exactly those: a name that resolves differently a moment later (DNS rebinding) is not asked again.
 */
function checkedLookup(): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
    resolveAll(hostname).then(
      (addresses) => {
        const bad = addresses.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(new NotPublicAddressError(hostname, bad.address), "");
        const wanted = addresses.filter((a) => !family || a.family === family);
        if (wanted.length === 0) {
          const missing = Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" });
          return callback(missing, "");
        }
        if (options.all) return callback(null, wanted);
        callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}

type Answer = { status: number };

/** POSTs the request web-push prepared to the endpoint as read once (./push-endpoint.ts). */
function post(
  endpoint: PushEndpoint,
  details: webpush.RequestDetails,
  options: { agent?: Agent; timeoutMs: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        method: details.method,
        hostname: endpoint.hostname,
        port: endpoint.port,
        path: endpoint.path,
        headers: details.headers,
        timeout: options.timeoutMs,
        // An IP literal is never looked up: the only one readPushEndpoint lets through is the test suites'
        // 127.0.0.1, allowed against the local stand-in only.
        lookup: checkedLookup(),
        ...(options.agent ? { agent: options.agent } : {}),
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
        response.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("push service did not answer in time")));
    req.on("error", reject);
    req.end(details.body ?? undefined);
  });
}

/**
 * Sends with the `web-push` library's request (the payload encrypted to the subscription's keys, RFC 8291
 * aes128gcm; signed with the VAPID key, RFC 8292). Kept a day by the push service if the phone is off;
 * "high" urgency, as everything sent is something someone is waiting on. The connection is the app's own,
 * not web-push's sendNotification: that one reads the endpoint again with url.parse and connects wherever
 * the name resolves, unchecked.
 */
export function webPushSender(
  keys: VapidKeys | null = vapidKeys(),
  /** The HTTPS agent (a proxy's, or one trusting a test endpoint's certificate); default Node's. */
  agent?: Agent,
): PushSender | null {
  if (!keys) return null;
  return {
    async send(target, payload) {
      const endpoint = readPushEndpoint(target.endpoint);
      if (!endpoint) return "gone";
      const details = webpush.generateRequestDetails(
        { endpoint: endpoint.url, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails: keys, TTL: 24 * 60 * 60, urgency: "high", contentEncoding: "aes128gcm" },
      );
      let answer: Answer;
      try {
        answer = await post(endpoint, details, { agent, timeoutMs: 10_000 });
      } catch (error) {
        if (error instanceof NotPublicAddressError) {
          console.error("push: endpoint refused", { reason: error.message });
          return "gone";
        }
        throw error;
      }
      if (answer.status === 404 || answer.status === 410) return "gone";
      if (answer.status < 200 || answer.status > 299) {
        throw new Error(`push service answered ${answer.status}`);
      }
      return "sent";
    },
  };
}
