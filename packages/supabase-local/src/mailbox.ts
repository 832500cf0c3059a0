import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml, sendJson } from "./http.ts";

export type Mail = {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Header names lower-cased, as Mailpit shows them (List-Unsubscribe, Message-ID, …). */
  headers: Record<string, string>;
  created_at: string;
};

/**
 * The local stack's e-mails, newest first: Auth's, and whatever the app sends to the SMTP listener (one
 * copy per recipient). Kept in memory (a restart empties it).
 */
export type Mailbox = {
  deliver(mail: Omit<Mail, "id" | "created_at">): Mail;
  list(to?: string): Mail[];
  clear(to?: string): void;
};

const keep = 500;

export function createMailbox(): Mailbox {
  let mails: Mail[] = [];
  return {
    deliver(mail) {
      const full = { id: randomUUID(), created_at: new Date().toISOString(), ...mail };
      mails = [full, ...mails].slice(0, keep);
      return full;
    },
    list(to) {
      const who = to?.trim().toLowerCase();
      return who ? mails.filter((m) => m.to.toLowerCase() === who) : mails;
    },
    clear(to) {
      const who = to?.trim().toLowerCase();
      mails = who ? mails.filter((m) => m.to.toLowerCase() !== who) : [];
    },
  };
}

export function isMailboxPath(pathname: string): boolean {
  return pathname === "/mailbox" || pathname.startsWith("/mailbox/");
}

/**
 * The mailbox holds working sign-in links, so only the developer's own browser and tools may read it: it
 * sends no CORS headers (another origin's script cannot read it), and it answers only when the Host is
 * 127.0.0.1 or localhost on its own port, which defeats DNS rebinding (a hostile name pointed at
 * 127.0.0.1 still carries its own name in Host).
 */
export function mailboxHostAllowed(host: string | undefined, port: number): boolean {
  return ["127.0.0.1", "localhost", "[::1]"].some((name) => host?.toLowerCase() === `${name}:${port}`);
}

/** GET/DELETE <url>/mailbox/api/messages and the readable page at <url>/mailbox. */
export function handleMailbox(
  mailbox: Mailbox,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  port: number,
): boolean {
  if (!isMailboxPath(url.pathname)) return false;
  if (!mailboxHostAllowed(req.headers.host, port)) {
    sendJson(res, 403, { error: `the mailbox answers only on 127.0.0.1:${port} or localhost:${port}` });
    return true;
  }
  const to = url.searchParams.get("to") ?? undefined;
  if (url.pathname === "/mailbox/api/messages") {
    if (req.method === "GET") sendJson(res, 200, mailbox.list(to), { "Cache-Control": "no-store" });
    else if (req.method === "DELETE") {
      mailbox.clear(to);
      res.writeHead(204).end();
    } else sendJson(res, 405, { error: "method not allowed" }, { Allow: "GET, DELETE" });
    return true;
  }
  if (url.pathname === "/mailbox" || url.pathname === "/mailbox/") {
    if (req.method !== "GET") {
      sendJson(res, 405, { error: "method not allowed" }, { Allow: "GET" });
      return true;
    }
    const html = page(mailbox.list(to), to);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(html);
    return true;
  }
  sendJson(res, 404, { error: "not found" });
  return true;
}

function page(mails: Mail[], to: string | undefined): string {
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">From ${escapeHtml(m.from)} to <a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · <time datetime="${m.created_at}">${escapeHtml(new Date(m.created_at).toLocaleString("en-AU"))}</time></p>
  <ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join("")}</ul>
  <details><summary>Message text</summary><pre>${escapeHtml(m.text)}</pre></details>
  <details><summary>Headers</summary><dl>${Object.entries(m.headers)
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join("")}</dl></details>
</article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local mailbox</title><style>
body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:0 auto;padding:1rem;color:#102a43}
article{border:1px solid #bcccdc;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0}.meta{color:#486581;margin:.25rem 0}a{color:#0b4f8a;word-break:break-all}
pre{white-space:pre-wrap}dt{font-weight:600}dd{margin:0 0 .25rem 1rem;word-break:break-all}</style></head><body><main>
<h1>Local mailbox${to ? ` for ${escapeHtml(to)}` : ""}</h1>
<p>E-mails sent by Auth and to the SMTP listener of the local Supabase stand-in, newest first. ${to ? '<a href="/mailbox">Show all</a> · ' : ""}<a href="">Refresh</a></p>
${items || "<p>No e-mails yet. Sign up, ask for a magic link or reset a password, or let the app send one, then refresh.</p>"}
</main></body></html>`;
}
