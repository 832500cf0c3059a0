/**
 * Where the server may send a push: the browsers' own push services, over HTTPS. A subscription is sent
 * by the browser but could be forged by anyone signed in, and the worker POSTs to its endpoint, so an
 * endpoint anywhere else (an address inside the server's network, say) is refused when saved and again
 * before each send. PUSH_ENDPOINT_ORIGINS adds origins (comma-separated), e.g. a self-hosted push service
 * or the test suites' own endpoint.
 */
const pushServiceHosts = [
  "fcm.googleapis.com", // Chrome, Edge on Android, Samsung Internet, Opera
  "push.services.mozilla.com", // Firefox (updates.push.services.mozilla.com)
  "push.apple.com", // Safari, and web apps on an iPhone's Home Screen (web.push.apple.com)
  "notify.windows.com", // Edge on Windows (*.notify.windows.com)
];

export function isPushEndpoint(
  value: string,
  extraOrigins = process.env.PUSH_ENDPOINT_ORIGINS ?? "",
): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const extra = extraOrigins
    .split(",")
    .map((origin) => origin.trim().replace(/\/$/, ""))
    .filter(Boolean);
  if (extra.includes(url.origin)) return true;
  if (url.protocol !== "https:" || (url.port && url.port !== "443")) return false;
  const host = url.hostname.toLowerCase();
  return pushServiceHosts.some((h) => host === h || host.endsWith(`.${h}`));
}
