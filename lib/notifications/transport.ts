import nodemailer from "nodemailer";
import type { RenderedMail } from "./render";

/** What the worker needs of a mail transport: nodemailer's sendMail (tests inject a fake). */
export type MailTransport = { sendMail(mail: RenderedMail): Promise<unknown> };

const globalForMail = globalThis as unknown as {
  __smtpTransport?: { url: string; transport: MailTransport };
};

/**
 * The SMTP transport for `SMTP_URL` (smtp:// or smtps://user:pass@host:port, any provider), one per process.
 * Timeouts stay well inside the worker's lease, so a hung server fails the send instead of the lease.
 */
export function smtpTransport(url = process.env.SMTP_URL): MailTransport {
  if (!url) throw new Error("SMTP_URL is not set: notification e-mails cannot be sent. See .env.example.");
  if (globalForMail.__smtpTransport?.url !== url) {
    globalForMail.__smtpTransport = {
      url,
      transport: nodemailer.createTransport({
        url,
        pool: true,
        maxConnections: 4,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return globalForMail.__smtpTransport.transport;
}
