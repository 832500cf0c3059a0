import type { NextConfig } from "next";
import { publicEnv } from "./lib/env.ts";
import { requestBodyLimitLabel } from "./lib/http/body-limit.ts";

const isDev = process.env.NODE_ENV !== "production";
const supabase = new URL(publicEnv.NEXT_PUBLIC_SUPABASE_URL);
const supabaseWs = `${supabase.protocol === "https:" ? "wss:" : "ws:"}//${supabase.host}`;

// Only the origins the app needs: Supabase (Auth + Realtime), the video host (embedded on click),
// the weather icons, and Vercel Analytics (served same-origin under /_vercel in production).
const csp = [
  "default-src 'self'",
  // Statically generated pages cannot carry per-request nonces, so Next's inline bootstrap needs 'unsafe-inline'.
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""} https://va.vercel-scripts.com`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://i.ytimg.com https://openweathermap.org",
  "font-src 'self'",
  `connect-src 'self' ${supabase.origin} ${supabaseWs} https://vitals.vercel-insights.com${isDev ? " ws:" : ""}`,
  "frame-src https://www.youtube-nocookie.com",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: csp },
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains; preload" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Next 16 blocks its dev resources (HMR) for any origin but localhost, which leaves a page opened at
  // http://127.0.0.1:3000 un-hydrated in `npm run dev`. Production is unaffected.
  allowedDevOrigins: ["127.0.0.1"],
  // Lets the e2e suite build beside a running `npm run dev` without clobbering it.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The local stack calls the notification worker every 3 s; `next dev` would log each call.
  logging: { incomingRequests: { ignore: [/^\/api\/cron\//] } },
  // Server actions' body limit, the same as proxy.ts's 413 (lib/http/body-limit.ts): Next's default, said here.
  experimental: { serverActions: { bodySizeLimit: requestBodyLimitLabel } },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
