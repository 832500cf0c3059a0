import { render } from "@react-email/components";
import { Text } from "@react-email/components";
import type { ReactNode } from "react";
import { EmailLayout, textStyle, type EmailFrame } from "@/lib/notifications/emails/email-layout";
import { site } from "@/lib/site";

/**
 * The sign-up, sign-in, reset and e-mail-change e-mails, in the frame of the notification e-mails, as the
 * Go templates Supabase Auth fills in (supabase/templates/*.html, named in supabase/config.toml). Auth
 * sends them, not the app, so they are rendered here once, with the template's variables left in, and
 * checked in; ./auth-emails.test.ts fails when a file and this source differ (and rewrites the files
 * with UPDATE_AUTH_EMAILS=1).
 */

export type AuthEmailKind = "confirmation" | "magic_link" | "recovery" | "email_change";

// Where a link goes: the page that asked (RedirectTo, with its `next`), or the site's confirm page.
const back = (type: string, hash = "{{ .TokenHash }}") =>
  `{{ if eq .RedirectTo .SiteURL }}{{ .SiteURL }}/auth/confirm?next=/dashboard{{ else }}{{ .RedirectTo }}{{ end }}&token_hash=${hash}&type=${type}`;

const codeStyle = {
  ...textStyle,
  fontFamily: "Menlo, Consolas, monospace",
  fontSize: "28px",
  fontWeight: 700,
  letterSpacing: "0.3em",
  color: "#0c4a6e",
} as const;

type AuthEmail = { file: string; subject: string; frame: EmailFrame; body: ReactNode };

function code(lead: string) {
  return (
    <>
      <Text style={textStyle}>{lead}</Text>
      <Text style={codeStyle}>{"{{ .Token }}"}</Text>
    </>
  );
}

export const authEmails: Record<AuthEmailKind, AuthEmail> = {
  confirmation: {
    file: "confirmation.html",
    subject: `Confirm your ${site.name} account`,
    frame: {
      preview: "Confirm your e-mail address to finish signing up",
      heading: "Confirm your e-mail address",
      action: { label: "Confirm my address", href: back("email") },
      reason: `someone signed up at ${site.name} with this address. If it was not you, ignore it: nothing happens without the link or the code`,
    },
    body: (
      <>
        <Text style={textStyle}>
          Welcome to {site.name}! Press the button to confirm this address and carry on where you left off,
          or type this code on the page where you signed up:
        </Text>
        <Text style={codeStyle}>{"{{ .Token }}"}</Text>
      </>
    ),
  },
  magic_link: {
    file: "magic-link.html",
    subject: `Your ${site.name} sign-in link`,
    frame: {
      preview: `Your link to sign in to ${site.name}`,
      heading: "Your sign-in link",
      action: { label: `Sign in to ${site.name}`, href: back("email") },
      reason: `someone asked for a sign-in link for this address at ${site.name}. If it was not you, ignore it`,
    },
    body: code("Press the button to sign in. Or type this code on the sign-in page:"),
  },
  recovery: {
    file: "recovery.html",
    subject: `Reset your ${site.name} password`,
    frame: {
      preview: "Choose a new password",
      heading: "Reset your password",
      action: { label: "Choose a new password", href: back("recovery") },
      reason: `someone asked to reset the password of this address at ${site.name}. If it was not you, ignore it: your password stays as it is`,
    },
    body: code("Press the button to choose a new password. The link works once, for an hour. Your code:"),
  },
  email_change: {
    file: "email-change.html",
    subject: "Confirm your new e-mail address",
    frame: {
      preview: `Confirm the new address of your ${site.name} account`,
      heading: "Confirm your new e-mail address",
      action: { label: "Confirm the new address", href: back("email_change", "{{ .TokenHashNew }}") },
      reason: `this address was given as the new address of a ${site.name} account`,
    },
    body: (
      <>
        <Text style={textStyle}>
          Your account&apos;s e-mail address changes from {"{{ .Email }}"} to {"{{ .NewEmail }}"} once you
          confirm it. Or type this code:
        </Text>
        <Text style={codeStyle}>{"{{ .Token }}"}</Text>
      </>
    ),
  },
};

/** One template's HTML, Go template actions kept as they are. */
export async function renderAuthEmail(kind: AuthEmailKind): Promise<string> {
  const email = authEmails[kind];
  const html = await render(<EmailLayout frame={email.frame}>{email.body}</EmailLayout>);
  // React writes `&` in attributes as `&amp;`, which mail clients read back as `&`; the Go actions
  // themselves must reach Auth untouched.
  return `${html.replaceAll("&amp;token_hash=", "&token_hash=").replaceAll("&amp;type=", "&type=")}\n`;
}
