import { site } from "@/lib/site";
import { busyText } from "./busy-text";
import type { ShedKind } from "./shed";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** 503 with Retry-After and no-store: a page for a page, the text for an action or a route handler. */
export function busyResponse(kind: ShedKind, retryAfterSeconds: number, url: URL): Response {
  const headers = {
    "retry-after": String(retryAfterSeconds),
    "cache-control": "no-store",
  };
  if (kind !== "page") {
    // text/plain exactly: Next's client makes a failed action's text the error's message (isBusyError).
    return new Response(busyText, { status: 503, headers: { ...headers, "content-type": "text/plain" } });
  }
  const again = escapeHtml(`${url.pathname}${url.search}`);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Busy — ${escapeHtml(site.name)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:36rem;margin:0 auto;padding:4rem 1.25rem;text-align:center}
h1{font-size:1.75rem;line-height:1.2;color:#082f49;margin:0 0 1rem}
p{font-size:1.125rem;line-height:1.6;color:#334155;margin:0 0 2rem}
a{display:inline-block;min-height:44px;box-sizing:border-box;padding:.75rem 1.5rem;border-radius:.5rem;background:#0c4a6e;color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(busyText)}</h1>
<p>${escapeHtml(site.name)} has more visitors than it can serve this moment. Nothing you saved is lost: try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.</p>
<a href="${again}">Try again</a>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: { ...headers, "content-type": "text/html; charset=utf-8" },
  });
}
