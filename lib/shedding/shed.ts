import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { NextRequest } from "next/server";
import { isProtectedPath } from "@/lib/auth/protected-routes";
import { admission, shedLimit } from "@/lib/shedding/admission";
import { serverEnv } from "@/lib/env";
import { queueFigures } from "@/lib/observability/queue";
import { hasSessionCookie } from "@/lib/supabase/session-cookie";
import { busyResponse } from "./busy-response";

/**
 * Load shedding at the door (docs/performance.md#shedding): with the database's queue past the limit
 * (lib/shedding/admission.ts), a request that would need the database is answered 503 with Retry-After before
 * anything of it runs, so nothing is half-written and nothing joins the queue. The proxy runs in the server
 * process, on the figures lib/db keeps on globalThis. Requests that need no database always pass.
 */
export function shedWhenBusy(request: NextRequest): Response | null {
  const decision = admission(queueFigures(), limit());
  if (decision.admit) return null;
  const kind = kindOf(request);
  if (kind === "no-database") return null;
  return busyResponse(kind, decision.retryAfterSeconds, request.nextUrl);
}

let cachedLimit: number | undefined;
function limit(): number {
  cachedLimit ??= shedLimit(serverEnv());
  return cachedLimit;
}

type Kind = "action" | "route" | "page" | "no-database";
export type ShedKind = Exclude<Kind, "no-database">;

// Route handlers that never reach the database: Auth's e-mail hook (Auth waits on it) and the weather.
const routesWithoutDatabase = new Set(["/api/auth/send-email", "/api/weather"]);

function kindOf(request: NextRequest): Kind {
  const { pathname } = request.nextUrl;
  if (request.method === "POST" && request.headers.has("next-action")) return "action";
  if (pathname.startsWith("/api/")) return routesWithoutDatabase.has(pathname) ? "no-database" : "route";
  if (request.method !== "GET" && request.method !== "HEAD") return "page";
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const built = prerendered();
  if (built.routes.has(path)) return "no-database";
  if (!hasSessionCookie(request.headers.get("cookie") ?? "")) {
    // A visitor: a protected page is a redirect to sign in, and /browse, a team's and a profile's page are
    // cached copies (lib/auth/proxy.ts), rendered once for everyone.
    if (isProtectedPath(path) || path === "/browse") return "no-database";
    if (built.cachedCopies.some((route) => route.test(path))) return "no-database";
  }
  return "page";
}

/**
 * The build's prerendered pages and the patterns of its cached copies (fallback rendered on first request,
 * then served from the cache), from Next's prerender manifest. Read once, when the first request is shed.
 */
let manifest: { routes: Set<string>; cachedCopies: RegExp[] } | undefined;
function prerendered(): { routes: Set<string>; cachedCopies: RegExp[] } {
  if (manifest) return manifest;
  try {
    const file = join(process.cwd(), process.env.NEXT_DIST_DIR || ".next", "prerender-manifest.json");
    const read = JSON.parse(readFileSync(file, "utf8")) as {
      routes: Record<string, unknown>;
      dynamicRoutes: Record<string, { routeRegex: string; fallback: unknown }>;
    };
    manifest = {
      routes: new Set(Object.keys(read.routes)),
      cachedCopies: Object.values(read.dynamicRoutes)
        .filter((route) => route.fallback === null)
        .map((route) => new RegExp(route.routeRegex)),
    };
  } catch {
    // No manifest (next dev): every page is taken to need the database.
    manifest = { routes: new Set(), cachedCopies: [] };
  }
  return manifest;
}
