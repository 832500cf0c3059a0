import { BlockList, isIP } from "node:net";

/**
 * The visitor's address, for throttling and for Auth's own per-address limits (docs/security.md#client-address).
 *
 * A forwarded address is believed only from a proxy the deployment names in `TRUSTED_PROXY`:
 * - unset on Vercel (its functions run with `VERCEL=1`): as `vercel` below, so a Vercel deployment that forgot
 *   the variable does not send every sign-in to Auth from one address (whose per-address limit would then lock
 *   everyone out at once).
 * - unset elsewhere, or `none`: no header is believed. Next.js 16 gives app code no socket address
 *   (`request.ip` is gone since 15); `next start` writes the socket address into `x-forwarded-for` only
 *   when the request has none, so a client that sends the header picks its own address. Unknown is the
 *   only safe answer: per-address limits then fall back to per-account ones and Auth sees this server.
 * - `vercel`: `x-vercel-forwarded-for`, which Vercel's edge sets to the client's address; a client cannot
 *   set it (https://vercel.com/docs/headers/request-headers), and an Enterprise trusted proxy in front of
 *   Vercel cannot rewrite it either, unlike `x-forwarded-for`.
 * - a comma-separated list of addresses or CIDR ranges (e.g. `10.0.0.0/8,2001:db8::1`): the app is reachable
 *   only through a proxy that appends the address it saw to `x-forwarded-for` (nginx
 *   `$proxy_add_x_forwarded_for`, Caddy, a load balancer). The client is the right-most entry that is not one
 *   of the listed proxies, so whatever the client wrote further left is ignored.
 * IPv4-mapped IPv6 (`::ffff:1.2.3.4`) counts as the IPv4 address, so one visitor cannot appear as two.
 */
export type TrustedProxy = { kind: "none" } | { kind: "vercel" } | { kind: "list"; list: BlockList };

export function parseTrustedProxy(value: string | undefined, onVercel = false): TrustedProxy {
  const text = value?.trim() ?? "";
  if (text === "") return onVercel ? { kind: "vercel" } : { kind: "none" };
  if (text.toLowerCase() === "none") return { kind: "none" };
  if (text.toLowerCase() === "vercel") return { kind: "vercel" };
  const list = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim())) {
    const [address = "", bits, extra] = entry.split("/");
    const ip = normalise(address);
    const family = ip ? (isIP(ip) === 6 ? "ipv6" : "ipv4") : null;
    const prefix = bits === undefined ? null : Number(bits);
    const max = family === "ipv6" ? 128 : 32;
    if (
      !ip ||
      !family ||
      extra !== undefined ||
      (prefix !== null && (!/^\d{1,3}$/.test(bits!) || prefix > max))
    ) {
      throw new Error(
        `TRUSTED_PROXY: "${entry}" is not an address or CIDR range; use none, vercel or a list such as 10.0.0.0/8,192.0.2.1. See .env.example.`,
      );
    }
    if (prefix === null) list.addAddress(ip, family);
    else list.addSubnet(ip, prefix, family);
  }
  return { kind: "list", list };
}

/** Vercel sets `VERCEL=1` in its builds and functions (its system environment variables). */
function isVercel(env: Record<string, string | undefined>): boolean {
  return env.VERCEL === "1";
}

let configured: { raw: string | undefined; vercel: boolean; parsed: TrustedProxy } | undefined;

/** `TRUSTED_PROXY` from the environment, parsed once (a bad value fails loudly on the first request). */
export function trustedProxy(): TrustedProxy {
  const raw = process.env.TRUSTED_PROXY;
  const vercel = isVercel(process.env);
  if (!configured || configured.raw !== raw || configured.vercel !== vercel) {
    configured = { raw, vercel, parsed: parseTrustedProxy(raw, vercel) };
  }
  return configured.parsed;
}

/**
 * What a production server without a trusted proxy must say at start-up (instrumentation.ts), else null:
 * every sign-in then reaches Supabase Auth from this server's one address, so its per-address limit
 * (30 sign-ins in 5 minutes) is shared by the whole site.
 */
export function trustedProxyWarning(env: Record<string, string | undefined>): string | null {
  if (env.NODE_ENV !== "production") return null;
  if (parseTrustedProxy(env.TRUSTED_PROXY, isVercel(env)).kind !== "none") return null;
  const setting = env.TRUSTED_PROXY?.trim()
    ? `TRUSTED_PROXY is "${env.TRUSTED_PROXY.trim()}"`
    : "TRUSTED_PROXY is not set";
  return [
    `SECURITY: ${setting} and this is not Vercel, so visitors' addresses are unknown.`,
    "Every sign-in reaches Supabase Auth from this server's address: 30 wrong passwords in 5 minutes from anyone lock everyone out of sign-in,",
    "the app's own throttle counts per account only, and register-interest shares one site-wide limit.",
    "Set TRUSTED_PROXY to vercel or to your proxies' addresses/CIDR ranges (see .env.example and the README's deploy steps).",
  ].join(" ");
}

export function clientIp(headers: Headers, trusted: TrustedProxy = trustedProxy()): string | null {
  if (trusted.kind === "none") return null;
  if (trusted.kind === "vercel") return normalise(headers.get("x-vercel-forwarded-for")?.split(",")[0]);
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((part) => part.trim());
  let client: string | null = null;
  for (let i = hops.length - 1; i >= 0; i--) {
    client = normalise(hops[i]);
    // Anything that is not an address is where a client's own text begins: believe nothing left of it.
    if (!client) return null;
    if (!trusted.list.check(client, isIP(client) === 6 ? "ipv6" : "ipv4")) return client;
  }
  // Every hop is one of our proxies (a health check from inside): the left-most is the best we know.
  return client;
}

/** A valid IP address in one spelling (IPv6 lower case, IPv4-mapped IPv6 as IPv4), else null. */
function normalise(raw: string | undefined): string | null {
  const value = (raw ?? "")
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  // No zone ids (`fe80::1%eth0`): an address on the internet has none.
  return /^[0-9a-f:.]{2,45}$/.test(value) && isIP(value) ? value : null;
}
