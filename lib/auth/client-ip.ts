/**
 * The visitor's address, for throttling and for Auth's own per-address limits.
 *
 * On Vercel the platform sets `x-forwarded-for` to the client's address, overwriting whatever the client
 * sent (https://vercel.com/docs/headers/request-headers), and `x-real-ip` to the same value. `next start`
 * without a proxy sets `x-forwarded-for` from the socket only when the request has none, so a server
 * exposed directly must sit behind a proxy that overwrites the header (see README, Security). The first
 * entry is taken: with Vercel it is the only one. IPv4-mapped IPv6 (`::ffff:1.2.3.4`) counts as the IPv4
 * address, so one visitor cannot appear as two. Anything that is not an IP address gives null.
 */
export function clientIp(headers: Headers): string | null {
  const raw = headers.get("x-forwarded-for")?.split(",")[0]?.trim() || headers.get("x-real-ip")?.trim() || "";
  const value = raw.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (/^(\d{1,3})(\.\d{1,3}){3}$/.test(value)) {
    return value.split(".").every((part) => Number(part) <= 255) ? value : null;
  }
  if (value.includes(":") && /^[0-9a-f:.]{2,45}$/.test(value)) return value;
  return null;
}
