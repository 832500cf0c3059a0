import { NextResponse } from "next/server";
import { handleSendEmailHook } from "@/lib/auth/send-email-hook/handle";
import { smtpTransport } from "@/lib/notifications/transport";

// Supabase Auth's Send Email Hook (config.toml [auth.hook.send_email]; hosted: Authentication → Hooks):
// Auth POSTs each sign-up, magic-link, reset and e-mail-change e-mail here, signed, and this app sends it,
// branded, with a plain-text part. Auth waits at most 5 s for the answer.
export const dynamic = "force-dynamic";
export const maxDuration = 10;

export async function POST(request: Request) {
  const answer = await handleSendEmailHook(
    { headers: request.headers, body: await request.text() },
    {
      secrets: process.env.SEND_EMAIL_HOOK_SECRET,
      transport: () => smtpTransport(),
      from: process.env.AUTH_EMAILS_FROM,
    },
  );
  return NextResponse.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
