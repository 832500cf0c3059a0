import type { NextRequest } from "next/server";
import { updateSession } from "@/lib/supabase/proxy";

export async function proxy(request: NextRequest) {
  return updateSession(request);
}

export const config = {
  matcher: [
    // Every page and action, but not build assets, image optimisation, metadata routes (social cards,
    // icons, robots, sitemap, manifest) or static files: they never depend on the session.
    "/((?!_next/static|_next/image|(?:.*/)?(?:opengraph-image|twitter-image|icon|apple-icon)(?:-[\\w-]+)?$|favicon\\.ico$|robots\\.txt$|sitemap(?:/.*)?\\.xml$|manifest\\.webmanifest$|.*\\.(?:svg|png|jpg|jpeg|gif|webp|avif|ico|woff2?|txt|xml)$).*)",
  ],
};
