import type { NextConfig } from "next";
import { publicEnv } from "./lib/env.ts";
import { requestBodyLimitLabel } from "./lib/http/body-limit.ts";
import { photos } from "./lib/site.ts";

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

// Profile photos: signed addresses of the private `avatars` bucket (lib/photos/urls.ts), fetched and sized by
// Next's image optimisation. Next refuses to fetch from a private or loopback address unless told; only the
// local stand-in (127.0.0.1, in `npm run dev` and the tests, production builds included) is such an address,
// and never on a Vercel production deployment.
const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(supabase.hostname);
const images: NextConfig["images"] = {
  remotePatterns: [
    {
      protocol: supabase.protocol === "https:" ? "https" : "http",
      hostname: supabase.hostname,
      port: supabase.port,
      pathname: "/storage/v1/object/sign/avatars/**",
    },
  ],
  dangerouslyAllowLocalIP: loopback && process.env.VERCEL_ENV !== "production",
  // The sizes the faces are drawn at (components/ui/athlete-photo.tsx) and their 2x and 3x.
  imageSizes: [36, 44, 64, 72, 80, 88, 108, 128, 160, 192, 256, 384],
  deviceSizes: [640, 1080],
  // Next keeps an optimised copy for the longer of this and the object's max-age (photos.cacheSeconds).
  minimumCacheTTL: photos.cacheSeconds,
};

const nextConfig: NextConfig = {
  poweredByHeader: false,
  images,
  // Next 16 blocks its dev resources (HMR) for any origin but localhost, which leaves a page opened at
  // http://127.0.0.1:3000 un-hydrated in `npm run dev`. Production is unaffected.
  allowedDevOrigins: ["127.0.0.1"],
  // proxy.ts rewrites visitors' /browse and signed-in viewers' team pages to other routes. Next resolves a
  // rewrite internally only when its origin is the server's own; the URL the proxy is handed otherwise says
  // "localhost" whatever `-H` the server was started with, so under `next start -H 127.0.0.1` (tests, bench,
  // load) every rewrite went out over a second HTTP connection to localhost (docs/performance.md#page-weight). With this the proxy
  // is handed the URL as the server received it. The app router's URLs need none of the normalising it skips.
  skipProxyUrlNormalize: true,
  // Lets the e2e suite build beside a running `npm run dev` without clobbering it.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The local stack calls the notification worker every 3 s; `next dev` would log each call.
  logging: { incomingRequests: { ignore: [/^\/api\/cron\//] } },
  // Server actions' body limit, the same as proxy.ts's 413 (lib/http/body-limit.ts): Next's default, said here.
  experimental: {
    serverActions: { bodySizeLimit: requestBodyLimitLabel },
    // Pages and data rendered after the build are kept in `next start`'s memory (an LRU of
    // `cacheMaxMemorySize`, 50 MB), not written under the build folder: /browse is a new shared copy
    // per filter and leg every 5 s (lib/browse/shared-copy.ts), which on disk would only ever grow. The build's
    // own prerendered pages are still read from disk; Vercel keeps its cache its own way.
    isrFlushToDisk: false,
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // The service worker (public/sw.js), as Next's PWA guide serves it: never from a cache, so a new
      // version reaches every device on its next visit; its own strict policy (it loads nothing).
      {
        source: "/sw.js",
        headers: [
          { key: "Content-Type", value: "application/javascript; charset=utf-8" },
          { key: "Cache-Control", value: "no-cache, no-store, must-revalidate" },
          { key: "Content-Security-Policy", value: "default-src 'self'; script-src 'self'" },
        ],
      },
    ];
  },
};

export default nextConfig;
