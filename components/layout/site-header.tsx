import Link from "next/link";
import { AuthNav } from "@/components/layout/auth-nav";
import { AnimatedLogo } from "@/components/layout/animated-logo";
import { MobileNav } from "@/components/layout/mobile-nav";
import { WeatherBadgeSlot } from "@/components/layout/weather-badge-slot";

const linkClass = "nav-link";

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
            <Link href="/" className={linkClass}>
              Home
            </Link>
            <Link href="/browse" className={linkClass}>
              Browse
            </Link>
            <AuthNav />
          </nav>
        </MobileNav>
      </div>
    </header>
  );
}
