import Link from "next/link";
import { AuthNav } from "@/components/layout/auth-nav";
import { AnimatedLogo } from "@/components/layout/animated-logo";
import { MobileNav } from "@/components/layout/mobile-nav";
import { WeatherBadgeSlot } from "@/components/layout/weather-badge-slot";

const linkClass = "nav-link";

// The header's links (and the landing hero's) are in view as every page loads, and a Link in view is
// prefetched at once: the router's work on those responses ran as long tasks during the load, Lighthouse's
// Total Blocking Time of `/` (docs/performance.md#page-weight). They are fetched when followed instead; links further down still
// prefetch as they scroll into view.

/**
 * Top bar: logo, weather slot, main links and the session-dependent part (AuthNav, owned by accounts).
 * On every page, so its styles are classes of app/globals.css rather than utility lists in each page.
 */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header-bar">
        <AnimatedLogo />
        <WeatherBadgeSlot />
        <MobileNav>
          <nav aria-label="Main" className="site-nav-links">
            <Link href="/" prefetch={false} className={linkClass}>
              Home
            </Link>
            <Link href="/browse" prefetch={false} className={linkClass}>
              Browse
            </Link>
            <AuthNav />
          </nav>
        </MobileNav>
      </div>
    </header>
  );
}
