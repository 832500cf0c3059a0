import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { AppToaster } from "@/components/layout/app-toaster";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { ServiceWorkerRegistration } from "@/components/layout/service-worker-registration";
import { TabBar } from "@/components/layout/tab-bar";
import { VercelAnalytics } from "@/components/layout/vercel-analytics";
import { site } from "@/lib/site";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(site.url),
  title: { default: site.name, template: `%s | ${site.name}` },
  description: site.description,
  applicationName: site.name,
  openGraph: {
    type: "website",
    siteName: site.name,
    locale: site.locale,
    title: site.name,
    description: site.description,
  },
  twitter: { card: "summary_large_image", title: site.name, description: site.description },
  // Added to an iPhone's home screen: its icon and title (iOS reads these, not the manifest's icons).
  appleWebApp: { capable: true, title: site.shortName, statusBarStyle: "default" },
  icons: { apple: "/icons/apple-touch-icon.png" },
};

// viewport-fit=cover: the phone tells the page its safe-area insets, which the tab bar keeps clear of.
export const viewport: Viewport = { themeColor: site.themeColor, viewportFit: "cover" };

// The analytics script is served by Vercel's edge at /_vercel/insights; on any other host it would 404 on
// every page, so it is only rendered in builds that run on Vercel (VERCEL=1 is set there at build time).
const analyticsEnabled = process.env.VERCEL === "1";

// Reads no cookies or headers: every public page below stays statically generated.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-AU">
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter />
        <TabBar />
        <AppToaster />
        <ServiceWorkerRegistration />
        {analyticsEnabled ? <VercelAnalytics /> : null}
      </body>
    </html>
  );
}
