import { NextResponse, type NextRequest } from "next/server";
import { unsubscribeByToken } from "@/lib/notifications/unsubscribe";

const noStore = { "Cache-Control": "no-store" };

/**
 * POST /unsubscribe?token=… (proxy.ts rewrites it here; the page answers GET on the same URL).
 * - RFC 8058 one-click, sent by mail clients with the body `List-Unsubscribe=One-Click`: unsubscribes at
 *   once and answers in plain text.
 * - The page's confirm button: unsubscribes, then back to the page (303), which shows the result.
 * A forged or garbled token changes nothing.
 */
export async function POST(request: NextRequest) {
  const token = request.nextUrl.searchParams.get("token");
  const body = await request.text().catch(() => "");
  const oneClick = new URLSearchParams(body).get("List-Unsubscribe") === "One-Click";
  const kind = await unsubscribeByToken(token);
  if (oneClick) {
    return new NextResponse(
      kind ? "Unsubscribed." : "This unsubscribe link is not valid. Nothing was changed.",
      {
        status: kind ? 200 : 400,
        headers: { ...noStore, "Content-Type": "text/plain; charset=utf-8" },
      },
    );
  }
  // Back to the page by a relative Location: the browser stays on the site it is on, and nothing is built
  // from the request's Host header.
  const page = `/unsubscribe?${new URLSearchParams(token ? { token } : {}).toString()}`;
  return new NextResponse(null, { status: 303, headers: { ...noStore, Location: page } });
}
