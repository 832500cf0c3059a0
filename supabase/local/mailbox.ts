import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml, sendJson } from "./http.ts";

export type Mail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created_at: string;
};

/** Auth e-mails of the local stack, newest first; kept in memory (a restart empties it). */
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

/** GET/DELETE <url>/mailbox/api/messages and the readable page at <url>/mailbox. */
export function handleMailbox(
  mailbox: Mailbox,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): boolean {
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
  return false;
}

function page(mails: Mail[], to: string | undefined): string {
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · <time datetime="${m.created_at}">${escapeHtml(new Date(m.created_at).toLocaleString("en-AU"))}</time></p>
  <ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join("")}</ul>
  <details><summary>Message text</summary><pre>${escapeHtml(m.text)}</pre></details>
</article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local mailbox</title><style>
body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:0 auto;padding:1rem;color:#102a43}
article{border:1px solid #bcccdc;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0}.meta{color:#486581;margin:.25rem 0}a{color:#0b4f8a;word-break:break-all}
pre{white-space:pre-wrap}</style></head><body><main>
<h1>Local mailbox${to ? ` for ${escapeHtml(to)}` : ""}</h1>
<p>Auth e-mails sent by the local Supabase stand-in, newest first. ${to ? '<a href="/mailbox">Show all</a> · ' : ""}<a href="">Refresh</a></p>
${items || "<p>No e-mails yet. Sign up, ask for a magic link or reset a password, then refresh.</p>"}
</main></body></html>`;
}
