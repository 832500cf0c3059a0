import { render, toPlainText } from "@react-email/render";
import { Text } from "@react-email/components";
import type { ReactNode } from "react";
import { EmailLayout, textStyle, type EmailFrame } from "@/lib/notifications/emails/email-layout";
import { site } from "@/lib/site";

/**
 * The sign-up, sign-in, reset and e-mail-change e-mails, in the frame of the notification e-mails. One
 * source, two uses: rendered with Go template actions in place of the values, they are the templates
 * Supabase Auth fills in itself (supabase/templates/*.html, named in supabase/config.toml; checked in, and
 * ./auth-emails.test.ts fails when a file and this source differ, rewriting them with
 * UPDATE_AUTH_EMAILS=1); rendered with real values, they are what the Send Email Hook
 * (app/api/auth/send-email) sends, with a plain-text part the templates cannot have.
 */

export type AuthEmailKind = "confirmation" | "magic_link" | "recovery" | "email_change";

/** What one e-mail carries: the link that signs the person in, the 6-digit code, and the addresses. */
export type AuthEmailValues = { link: string; code: string; email: string; newEmail: string };

/** The `type` the confirm page passes to verifyOtp for each kind's token. */
export const authLinkType: Record<AuthEmailKind, "email" | "recovery" | "email_change"> = {
  confirmation: "email",
  magic_link: "email",
  recovery: "recovery",
  email_change: "email_change",
};

/**
 * Where the e-mailed link goes: the page that asked (redirect_to, with its `next`), or, when Auth fell back
 * to the bare site URL, the site's confirm page; then the token's hash and type for verifyOtp.
 */
export const confirmPath = "/auth/confirm?next=/dashboard";

// The same rule as Go template actions: each e-mail carries its own token hash (.TokenHash; for an e-mail
// change that is the hash of the address the e-mail goes to).
const templateLink = (kind: AuthEmailKind) =>
  `{{ if eq .RedirectTo .SiteURL }}{{ .SiteURL }}${confirmPath}{{ else }}{{ .RedirectTo }}{{ end }}&token_hash={{ .TokenHash }}&type=${authLinkType[kind]}`;

const templateValues = (kind: AuthEmailKind): AuthEmailValues => ({
  link: templateLink(kind),
  code: "{{ .Token }}",
  email: "{{ .Email }}",
  newEmail: "{{ .NewEmail }}",
});

const codeStyle = {
  ...textStyle,
  fontFamily: "Menlo, Consolas, monospace",
  fontSize: "28px",
  fontWeight: 700,
  letterSpacing: "0.3em",
  color: "#0c4a6e",
} as const;

type AuthEmail = {
  file: string;
  subject: string;
  content: (v: AuthEmailValues) => { frame: EmailFrame; body: ReactNode };
};

function code(lead: string, value: string) {
  return (
    <>
      <Text style={textStyle}>{lead}</Text>
      <Text style={codeStyle}>{value}</Text>
    </>
  );
}

export const authEmails: Record<AuthEmailKind, AuthEmail> = {
  confirmation: {
    file: "confirmation.html",
    subject: `Confirm your ${site.name} account`,
    content: (v) => ({
      frame: {
        preview: "Confirm your e-mail address to finish signing up",
        heading: "Confirm your e-mail address",
        action: { label: "Confirm my address", href: v.link },
        reason: `someone signed up at ${site.name} with this address. If it was not you, ignore it: nothing happens without the link or the code`,
      },
      body: (
        <>
          <Text style={textStyle}>
            Welcome to {site.name}! Press the button to confirm this address and carry on where you left off,
            or type this code on the page where you signed up:
          </Text>
          <Text style={codeStyle}>{v.code}</Text>
        </>
      ),
    }),
  },
  magic_link: {
    file: "magic-link.html",
    subject: `Your ${site.name} sign-in link`,
    content: (v) => ({
      frame: {
        preview: `Your link to sign in to ${site.name}`,
        heading: "Your sign-in link",
        action: { label: `Sign in to ${site.name}`, href: v.link },
        reason: `someone asked for a sign-in link for this address at ${site.name}. If it was not you, ignore it`,
      },
      body: code("Press the button to sign in. Or type this code on the sign-in page:", v.code),
    }),
  },
  recovery: {
    file: "recovery.html",
    subject: `Reset your ${site.name} password`,
    content: (v) => ({
      frame: {
        preview: "Choose a new password",
        heading: "Reset your password",
        action: { label: "Choose a new password", href: v.link },
        reason: `someone asked to reset the password of this address at ${site.name}. If it was not you, ignore it: your password stays as it is`,
      },
      body: code(
        "Press the button to choose a new password. The link works once, for an hour. Your code:",
        v.code,
      ),
    }),
  },
  email_change: {
    file: "email-change.html",
    subject: "Confirm your new e-mail address",
    content: (v) => ({
      frame: {
        preview: `Confirm the new address of your ${site.name} account`,
        heading: "Confirm your new e-mail address",
        action: { label: "Confirm the new address", href: v.link },
        reason: `this address was given as the new address of a ${site.name} account`,
      },
      body: (
        <>
          <Text style={textStyle}>
            Your account&apos;s e-mail address changes from {v.email} to {v.newEmail} once you confirm it. Or
            type this code:
          </Text>
          <Text style={codeStyle}>{v.code}</Text>
        </>
      ),
    }),
  },
};

function element(kind: AuthEmailKind, values: AuthEmailValues) {
  const { frame, body } = authEmails[kind].content(values);
  return <EmailLayout frame={frame}>{body}</EmailLayout>;
}

/** One template's HTML, Go template actions kept as they are. */
export async function renderAuthEmail(kind: AuthEmailKind): Promise<string> {
  const html = await render(element(kind, templateValues(kind)));
  // React writes `&` in attributes as `&amp;`, which mail clients read back as `&`; the Go actions
  // themselves must reach Auth untouched.
  return `${html.replaceAll("&amp;token_hash=", "&token_hash=").replaceAll("&amp;type=", "&type=")}\n`;
}

/** One e-mail with real values: subject, HTML and its plain-text part. */
export async function renderAuthEmailWith(
  kind: AuthEmailKind,
  values: AuthEmailValues,
): Promise<{ subject: string; html: string; text: string }> {
  const html = await render(element(kind, values));
  return { subject: authEmails[kind].subject, html, text: toPlainText(html) };
}
