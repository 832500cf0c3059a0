import { isIP } from "node:net";

/**
 * Where the server may send a push: the browsers' own push services, over HTTPS. A subscription is sent
 * by the browser but could be forged by anyone signed in, and the worker POSTs to its endpoint, so an
 * endpoint anywhere else (an address inside the server's network, say) is refused when saved and again
 * before each send, and the address its name resolves to is checked when the worker connects
 * (./push.ts). PUSH_ENDPOINT_ORIGINS adds origins (comma-separated), e.g. a self-hosted push service.
 *
 * An endpoint is read once, here, and the worker connects to exactly what this reading says. Only the
 * canonical form is taken (the string is what WHATWG URL serialises it to, the host plain ASCII letters,
 * digits, hyphens and dots, no user, no fragment), because parsers disagree on anything else: web-push reads
 * endpoints with Node's legacy url.parse, to which "https://127.0.0.1%2efcm.googleapis.com/x" is 127.0.0.1,
 * while WHATWG URL makes it a subdomain of fcm.googleapis.com (push-endpoint.test.ts compares the two).
 */
const pushServiceHosts = [
  "fcm.googleapis.com", // Chrome, Edge on Android, Samsung Internet, Opera
  "push.services.mozilla.com", // Firefox (updates.push.services.mozilla.com)
  "push.apple.com", // Safari, and web apps on an iPhone's Home Screen (web.push.apple.com)
  "notify.windows.com", // Edge on Windows (*.notify.windows.com)
];

/** An endpoint as the worker connects to it. */
export type PushEndpoint = {
  url: string;
  origin: string;
  hostname: string;
  port: number;
  /** Path and query, as sent in the request line. */
  path: string;
  /**
   * True only for the test suites' own push service on 127.0.0.1 (see `loopbackAllowed`): the one case
   * where the worker may connect to a loopback address.
   */
  loopback: boolean;
};

type Env = {
  PUSH_ENDPOINT_ORIGINS?: string;
  NEXT_PUBLIC_SUPABASE_URL?: string;
  [name: string]: string | undefined;
};

// Letters, digits and hyphens in dot-separated labels; the last label not all digits (WHATWG reads such a
// host as an IPv4 address, in any of its spellings).
const plainHost = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]*[a-z-][a-z0-9-]*$/;
// Printable ASCII without backslash: nothing a parser strips, folds or reads as a slash.
const plainText = /^[\x21-\x5b\x5d-\x7e]+$/;

function canonical(value: string): URL | null {
  if (value.length > 1024 || !plainText.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.href !== value || url.protocol !== "https:" || url.username || url.password || url.hash)
    return null;
  return url;
}

const isLoopbackHost = (host: string) => host === "127.0.0.1";

/**
 * The test suites run their own push service on 127.0.0.1 and name it in PUSH_ENDPOINT_ORIGINS. That is
 * honoured only while the app runs against the local stand-in (its Supabase URL is on this machine): a
 * deployment's Supabase is hosted, so production never sends to a loopback address, whatever it sets.
 */
function loopbackAllowed(env: Env): boolean {
  try {
    return isLoopbackHost(new URL(env.NEXT_PUBLIC_SUPABASE_URL ?? "").hostname);
  } catch {
    return false;
  }
}

function extraOrigins(env: Env): string[] {
  return (env.PUSH_ENDPOINT_ORIGINS ?? "")
    .split(",")
    .map((origin) => origin.trim().replace(/\/$/, ""))
    .filter(Boolean);
}

/** The endpoint as the worker will connect to it, or null when it may not be sent to. */
export function readPushEndpoint(value: string, env: Env = process.env): PushEndpoint | null {
  const url = canonical(value);
  if (!url) return null;
  const host = url.hostname;
  const loopback = isLoopbackHost(host) && loopbackAllowed(env);
  if (!plainHost.test(host) && !loopback) return null;
  const listed = extraOrigins(env).includes(url.origin);
  const service = !url.port && pushServiceHosts.some((h) => host === h || host.endsWith(`.${h}`));
  if (!listed && !service) return null;
  if (isIP(host) && !loopback) return null;
  return {
    url: url.href,
    origin: url.origin,
    hostname: host,
    port: url.port ? Number(url.port) : 443,
    path: `${url.pathname}${url.search}`,
    loopback,
  };
}

export function isPushEndpoint(value: string, env: Env = process.env): boolean {
  return readPushEndpoint(value, env) !== null;
}
