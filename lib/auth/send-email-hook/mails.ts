import {
  authLinkType,
  confirmPath,
  renderAuthEmailWith,
  type AuthEmailKind,
} from "@/lib/auth/emails/auth-emails";
import { site } from "@/lib/site";
import { authEmailPattern } from "@/lib/validation/auth";
import type { SendEmailPayload } from "./payload";

/** GoTrue's email_action_type for each e-mail this app brands. */
const kinds: Record<string, AuthEmailKind> = {
  signup: "confirmation",
  magiclink: "magic_link",
  recovery: "recovery",
  email_change: "email_change",
};

export type AuthMail = { to: string; subject: string; html: string; text: string };

/**
 * The link in an e-mail, as the templates build it: the page that asked (redirect_to, already checked by
 * Auth against the allowed redirect URLs, with its `next`), or the site's confirm page when Auth fell back
 * to the bare site URL; then the token hash and type the confirm page hands to verifyOtp.
 */
export function confirmLink(redirectTo: string, tokenHash: string, kind: AuthEmailKind): string {
  let base = `${site.url}${confirmPath}`;
  try {
    const url = new URL(redirectTo);
    base = url.pathname === "/" && !url.search ? `${url.origin}${confirmPath}` : redirectTo;
  } catch {
    // No usable redirect_to: the site's own confirm page.
  }
  const join = !base.includes("?") ? "?" : /[?&]$/.test(base) ? "" : "&";
  return `${base}${join}token_hash=${encodeURIComponent(tokenHash)}&type=${authLinkType[kind]}`;
}

/** Who gets which code and link: one e-mail, or two for a secure e-mail change (both addresses). */
function recipients(payload: SendEmailPayload, kind: AuthEmailKind) {
  const { user, email_data: d } = payload;
  if (kind !== "email_change") return [{ to: user.email, code: d.token, hash: d.token_hash }];
  const newEmail = user.new_email ?? "";
  if (d.token_new || d.token_hash_new) {
    return [
      { to: user.email, code: d.token, hash: d.token_hash_new },
      { to: newEmail, code: d.token_new, hash: d.token_hash },
    ];
  }
  return [{ to: newEmail, code: d.token, hash: d.token_hash }];
}

/**
 * One mailbox and nothing else, by Auth's own rule for an address (lib/validation/auth.ts): no list, name,
 * comment, line break or second header. The mailer parses `to` as an address list, so "a, b" or
 * "a\r\nBcc: b" would otherwise be sent to both.
 */
export const isSingleAddress = (value: string) => value.length <= 254 && authEmailPattern.test(value);

/**
 * The e-mails one hook call asks for; null for a kind this app does not send (invite, reauthentication…),
 * "bad-address" when a recipient is not exactly one address (nothing is sent then).
 */
export async function authMailsFor(payload: SendEmailPayload): Promise<AuthMail[] | "bad-address" | null> {
  const kind = kinds[payload.email_data.email_action_type];
  if (!kind) return null;
  const list = recipients(payload, kind).filter((r) => r.to && r.hash);
  if (list.length === 0) return null;
  if (!list.every((r) => isSingleAddress(r.to))) return "bad-address";
  return Promise.all(
    list.map(async (r) => ({
      to: r.to,
      ...(await renderAuthEmailWith(kind, {
        link: confirmLink(payload.email_data.redirect_to, r.hash, kind),
        code: r.code,
        email: payload.user.email,
        newEmail: payload.user.new_email ?? "",
      })),
    })),
  );
}
