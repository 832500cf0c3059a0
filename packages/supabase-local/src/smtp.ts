import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { extractLinks } from "./auth/mail.ts";
import type { Mailbox } from "./mailbox.ts";

/**
 * The mail catcher's SMTP side, as Supabase's CLI runs one next to its local stack: whatever the app sends to
 * SMTP_URL (smtp://127.0.0.1:<port>, no TLS, any or no login) lands in the mailbox, one copy per envelope
 * recipient, with its parsed text, HTML and headers. Loopback only; nothing is relayed anywhere.
 */
export type SmtpListener = { port: number; close(): Promise<void> };

const maxBytes = 10 * 1024 * 1024;

/** Header lines as a record: names lower-cased, folded lines joined, repeated headers comma-joined. */
function headerRecord(parsed: ParsedMail): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    const value = line
      .slice(line.indexOf(":") + 1)
      .replace(/\r?\n[ \t]+/g, " ")
      .trim();
    out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
  }
  return out;
}

function linksOf(parsed: ParsedMail): string[] {
  if (typeof parsed.html === "string") return extractLinks(parsed.html);
  return [...(parsed.text ?? "").matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
}

export async function startSmtp(mailbox: Mailbox, port: number): Promise<SmtpListener> {
  const server = new SMTPServer({
    banner: "supabase-local mail catcher",
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    size: maxBytes,
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? "local" }),
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error("Message exceeds the 10 MB limit"), { responseCode: 552 }));
            return;
          }
          const from = parsed.from?.text || (session.envelope.mailFrom || { address: "" }).address;
          for (const rcpt of session.envelope.rcptTo) {
            mailbox.deliver({
              to: rcpt.address,
              from,
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              links: linksOf(parsed),
              headers: headerRecord(parsed),
            });
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // A client that misbehaves must not take the stack down.
  server.on("error", () => {});
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
