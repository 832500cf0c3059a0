import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { MailKind } from "../config.ts";
import { escapeHtml } from "../http.ts";
import { releaseEmail, type AuthContext, type MailSlot } from "./context.ts";
import { callSendEmailHook } from "./send-email-hook.ts";
import { userById, userJson } from "./users.ts";

/**
 * Renders the production e-mail templates (supabase/templates, Go template syntax) with the small subset
 * they use: {{ .Var }}, {{ if eq .A .B }} / {{ if .A }} … {{ else }} … {{ end }}.
 */
export function renderTemplate(template: string, vars: Record<string, string>): string {
  const tokens = template.split(/(\{\{-?\s*[^}]*?\s*-?\}\})/);
  let out = "";
  // Each open `if` pushes whether its branch is live; output happens only when every level is live.
  const stack: { cond: boolean; parentLive: boolean }[] = [];
  const live = () => stack.every((s) => s.cond);
  for (const token of tokens) {
    const m = /^\{\{-?\s*(.*?)\s*-?\}\}$/.exec(token);
    if (!m) {
      if (live()) out += token;
      continue;
    }
    const expr = m[1]!;
    const value = (name: string) =>
      name.startsWith(".") ? (vars[name.slice(1)] ?? "") : name.replace(/^"|"$/g, "");
    let parts: string[];
    if (expr.startsWith("if ")) {
      parts = expr.slice(3).trim().split(/\s+/);
      const cond =
        parts[0] === "eq" ? value(parts[1] ?? "") === value(parts[2] ?? "") : !!value(parts[0] ?? "");
      stack.push({ cond, parentLive: live() });
    } else if (expr === "else") {
      const top = stack.at(-1);
      if (top) top.cond = !top.cond;
    } else if (expr === "end") stack.pop();
    else if (live()) out += escapeHtml(value(expr));
  }
  return out;
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
function unescapeHtml(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (all, e: string) => {
    if (e.startsWith("#x") || e.startsWith("#X")) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith("#")) return String.fromCodePoint(Number(e.slice(1)));
    return entities[e] ?? all;
  });
}

export function extractLinks(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => unescapeHtml(m[1]!));
}

/**
 * The plain-text part of an auth e-mail, from its HTML: what a mail client without HTML shows. The hidden
 * preview line and the head are left out; each link is written out after its text.
 */
export function htmlToText(html: string): string {
  return unescapeHtml(
    html
      .replace(/<head[\s\S]*?<\/head>/gi, "")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<div[^>]*data-skip-in-text[^>]*>[\s\S]*?<\/div>\s*<\/div>/gi, "")
      .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, "$2: $1")
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/(p|h\d|tr|div|table)>|<hr[^>]*>/gi, "\n")
      .replace(/<[^>]+>/g, ""),
  )
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{2,}/g, "\n\n")
    .trim();
}

const defaultSubjects: Record<MailKind, string> = {
  confirmation: "Confirm Your Signup",
  magic_link: "Your Magic Link",
  recovery: "Reset Your Password",
  email_change: "Confirm Email Change",
};

/** GoTrue's email_action_type of each e-mail, as the Send Email Hook receives it. */
const actionTypes: Record<MailKind, string> = {
  confirmation: "signup",
  magic_link: "magiclink",
  recovery: "recovery",
  email_change: "email_change",
};

/** Which "sent at" of the user each kind counts against (GoTrue keeps magic links with recovery). */
const slots: Record<MailKind, MailSlot> = {
  confirmation: "confirmation",
  magic_link: "recovery",
  recovery: "recovery",
  email_change: "email_change",
};

export type AuthMailVars = {
  RedirectTo: string;
  TokenHash: string;
  Token: string;
  Email: string;
  NewEmail?: string;
  /** Secure e-mail change through the hook: the new address's code and the current address's hash. */
  TokenNew?: string;
  TokenHashNew?: string;
};

/**
 * Sends an auth e-mail: with [auth.hook.send_email] on, through the hook, as hosted Auth does (its failure
 * becomes the request's answer, and the address may ask again at once, as GoTrue records "sent at" only
 * after a send); else Auth's own template into the local mailbox. Routes call limitEmail() first, before
 * writing anything.
 */
export async function sendAuthMail(
  ctx: AuthContext,
  kind: MailKind,
  to: string,
  vars: AuthMailVars,
  userId: string,
): Promise<void> {
  const hook = ctx.config.send_email_hook;
  if (!hook) return deliverTemplate(ctx, kind, to, vars);
  const user = await userById(ctx.sql, userId);
  try {
    await callSendEmailHook(hook, {
      user: user ? userJson(user) : { id: userId, email: vars.Email },
      email_data: {
        token: vars.Token,
        token_hash: vars.TokenHash,
        // GoTrue hands over the allowed redirect as asked; the `?` is the templates' convenience.
        redirect_to: vars.RedirectTo.replace(/\?$/, ""),
        email_action_type: actionTypes[kind],
        site_url: `${ctx.url}/auth/v1`,
        token_new: vars.TokenNew ?? "",
        token_hash_new: vars.TokenHashNew ?? "",
      },
    });
  } catch (error) {
    releaseEmail(ctx, to, slots[kind]);
    throw error;
  }
}

function deliverTemplate(ctx: AuthContext, kind: MailKind, to: string, vars: AuthMailVars): void {
  const template = ctx.config.templates[kind];
  const source = template
    ? readFileSync(template.contentPath, "utf8")
    : `<p><a href="{{ .RedirectTo }}&token_hash={{ .TokenHash }}&type=${kind === "recovery" ? "recovery" : "email"}">Follow this link</a></p>`;
  const html = renderTemplate(source, { SiteURL: ctx.config.site_url, ...vars } as Record<string, string>);
  const subject = template?.subject || defaultSubjects[kind];
  // [auth.email.smtp] sender_name and admin_email, else hosted Supabase's built-in sender.
  const authSender = ctx.config.sender;
  ctx.mailbox.deliver({
    to,
    from: authSender,
    subject,
    html,
    text: htmlToText(html),
    links: extractLinks(html),
    headers: {
      from: authSender,
      to,
      subject,
      date: new Date().toUTCString(),
      "message-id": `<${randomUUID()}@supabase-local>`,
      "content-type": "text/html; charset=utf-8",
    },
  });
}

function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*" && glob[i + 1] === "*") {
      re += ".*";
      i++;
    } else if (c === "*") re += "[^/.]*";
    else re += c.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

/**
 * GoTrue's GetReferrer: redirect_to is used if it is on the site URL's host or matches an
 * additional_redirect_urls glob; otherwise mails point at the site URL. A missing `?` is added so the
 * templates' `&token_hash=` always lands in the query string.
 */
export function redirectTarget(ctx: AuthContext, requested: string | null | undefined): string {
  const site = ctx.config.site_url;
  if (!requested || requested.replace(/\/$/, "") === site.replace(/\/$/, "")) return site;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return site;
  }
  const sameHost = url.origin === new URL(site).origin;
  const allowed =
    sameHost || ctx.config.additional_redirect_urls.some((g) => globToRegExp(g).test(requested));
  if (!allowed) return site;
  return url.search ? requested : `${requested.replace(/\?$/, "")}?`;
}
