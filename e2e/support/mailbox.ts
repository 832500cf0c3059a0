import { expect } from "@playwright/test";
import type { Mail } from "@noosa-tri/supabase-local";
import { stackEnv } from "./stack-env";

function messagesUrl(to?: string): string {
  const url = new URL(`${stackEnv("LOCAL_MAILBOX_URL").replace(/\/$/, "")}/api/messages`);
  if (to) url.searchParams.set("to", to);
  return url.toString();
}

/** Every mail sent to `to`, newest first. */
export async function listMail(to: string): Promise<Mail[]> {
  const response = await fetch(messagesUrl(to), { cache: "no-store" });
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as Mail[];
}

/** Deletes the mail of one address (or all mail). */
export async function clearMailbox(to?: string): Promise<void> {
  await fetch(messagesUrl(to), { method: "DELETE" });
}

/**
 * Waits for the newest mail to `to` whose subject matches, sent after `since` (an ISO time or Date),
 * so a test never picks up an older mail for the same address.
 */
export async function waitForMail(
  to: string,
  options: { subject?: RegExp; since?: Date; timeout?: number } = {},
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await listMail(to);
        found = mails.find(
          (m) =>
            (!options.subject || options.subject.test(m.subject)) &&
            (!options.since || new Date(m.created_at).getTime() >= options.since.getTime() - 1000),
        );
        return Boolean(found);
      },
      {
        message: `an e-mail to ${to}${options.subject ? ` with subject ${options.subject}` : ""}`,
        timeout: options.timeout ?? 10_000,
      },
    )
    .toBe(true);
  return found!;
}

/** The auth link in a mail (the one carrying token_hash or code). */
export function authLink(mail: Mail): string {
  const link = mail.links.find((l) => /[?&](token_hash|code)=/.test(l));
  if (!link) throw new Error(`no auth link in "${mail.subject}": ${mail.links.join(", ")}`);
  return link;
}

/** The 6-digit one-time code printed in a mail. */
export function oneTimeCode(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in "${mail.subject}"`);
  return code;
}
