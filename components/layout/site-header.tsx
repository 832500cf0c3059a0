import Link from "next/link";
import { AuthNav } from "@/components/layout/auth-nav";
import { AnimatedLogo } from "@/components/layout/animated-logo";
import { MobileNav } from "@/components/layout/mobile-nav";
import { WeatherBadgeSlot } from "@/components/layout/weather-badge-slot";

const linkClass = "nav-link";

/** Top bar: logo, weather slot, main links and the session-dependent part (AuthNav, owned by accounts). */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="relative mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 sm:px-6">
        <AnimatedLogo />
        <WeatherBadgeSlot />
        <MobileNav>
          <nav aria-label="Main" className="flex flex-col gap-1 md:flex-row md:items-center md:gap-2">
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
