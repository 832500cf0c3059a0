/** Product facts in one place: every page, footer, metadata route and e-mail reads them from here. */
export const site = {
  name: "Noosa Tri Teams",
  shortName: "Tri Teams",
  tagline:
    "Connecting passionate athletes for the ultimate triathlon experience. Join our community and find your perfect training partners.",
  description:
    "Find triathlon training partners and last-minute relay teammates around Noosa, Queensland. Free matching for swimmers, cyclists and runners.",
  url: (process.env.NEXT_PUBLIC_SITE_URL ?? "https://noosatriteams.com.au").replace(/\/$/, ""),
  contactEmail: "hello@noosatriteams.com.au",
  /** Sender of notification e-mails (NOTIFICATIONS_FROM overrides it, e.g. for a provider's test domain). */
  notificationsFrom: "Noosa Tri Teams <notifications@noosatriteams.com.au>",
  /** Sender name of the sign-up, sign-in and reset e-mails (supabase/config.toml [auth.email.smtp]). */
  authEmailSenderName: "Noosa Tri Teams",
  /**
   * Their From when the app sends them itself through the Send Email Hook (AUTH_EMAILS_FROM overrides it):
   * the same name and address as config.toml's [auth.email.smtp] sender_name and admin_email.
   */
  authEmailsFrom: "Noosa Tri Teams <accounts@noosatriteams.com.au>",
  /**
   * Auth's least time between two e-mails of one kind to one address (supabase/config.toml [auth.email]
   * max_frequency, as on hosted Supabase): "Resend" opens after it.
   */
  authEmailIntervalSeconds: 60,
  /**
   * "Continue with …" on the sign-in and sign-up screens: Supabase Auth's providers, each set up in the
   * dashboard (README → Deploy). One without its client id and secret there would answer with an error.
   */
  signInProviders: [
    { id: "google", label: "Google" },
    { id: "apple", label: "Apple" },
  ],
  addressLine: "Noosa Heads, Queensland 4567, Australia",
  locale: "en_AU",
  social: [
    { name: "Facebook", href: "https://www.facebook.com/noosatriteams" },
    { name: "Instagram", href: "https://www.instagram.com/noosatriteams" },
    { name: "Strava", href: "https://www.strava.com/clubs/noosatriteams" },
  ],
  agency: { name: "Sunshine Coast Web Studio", href: "https://sunshinecoastwebstudio.com.au" },
  /** Fixed point for the weather widget (Noosa Heads). */
  weatherPoint: { lat: -26.4, lon: 153.09, label: "Noosa" },
  defaultPlace: "Noosa Heads, QLD",
  /** The browser's toolbar and the installed app's title bar (navy, the logo's disc). */
  themeColor: "#072a48",
  /** The installed app's splash screen behind the icon. */
  backgroundColor: "#ffffff",
} as const;

/** Facts about the race this community forms teams for. */
export const event = {
  name: "Noosa Triathlon",
  distances: { swimKm: 1.5, bikeKm: 40, runKm: 10 },
  firstHeld: 1983,
  firstFieldSize: 180,
  individualTriathletes: "over 8,000",
  organiserUrl: "https://www.noosatri.com",
  /**
   * Race day, a calendar day in Noosa: the Sunday before Melbourne Cup day, as every year. The club sets
   * it again each year from the organiser's site; calendars (the team's .ics and the private feed) show
   * it as an all-day event and end the weekly training there.
   */
  raceDay: "2027-10-31",
  timeZone: "Australia/Brisbane",
} as const;

/**
 * Calendar entries for a team's training schedule: the clock times each training time of day stands for
 * (Noosa time), and how long a calendar app may keep the private feed before asking again.
 */
export const calendar = {
  trainingSlots: {
    early_morning: { start: "05:30", end: "07:00" },
    morning: { start: "07:30", end: "09:00" },
    midday: { start: "12:00", end: "13:00" },
    afternoon: { start: "15:30", end: "17:00" },
    evening: { start: "17:30", end: "19:00" },
  },
  /** Calendar apps are told to refresh the feed hourly; HTTP caches may reuse an answer for 15 minutes. */
  feedRefreshSeconds: 3600,
  feedCacheSeconds: 900,
} as const;

/**
 * Profile photos (docs/product.md#photos). The limit equals the `avatars` bucket's file_size_limit in its
 * migration (a test compares them); the sizes are the squares the server stores, in pixels: `large` for the
 * profile page and its social card, `small` for cards, rosters, chat and the dashboard (up to 64 px at 2x).
 */
export const photos = {
  bucket: "avatars",
  maxBytes: 8 * 1024 * 1024,
  sizes: { large: 512, small: 128 },
  /**
   * How long a page's signed photo address works: past the hour a cached public page's data lives (their
   * backstop), and the longest an address already handed out still shows a photo its athlete has since
   * made private (docs/security.md#photos).
   */
  signedUrlSeconds: 2 * 3600,
  /** Cache-Control max-age of the stored objects, and so of Next's optimised copies of them. */
  cacheSeconds: 600,
} as const;

/**
 * A sign-in provider's picture taken as a profile photo, if the athlete ticks the box on create-profile
 * (docs/product.md#photos). The server fetches it only from the provider's own picture origins (Apple sends
 * no picture), with a time limit and a size cap, following a redirect only to another allowed origin.
 * Outside production the local stand-in's providers' origins are allowed too (LOCAL_PROVIDER_PICTURE_ORIGINS).
 */
export const providerPictures = {
  origins: {
    google: [
      "https://lh3.googleusercontent.com",
      "https://lh4.googleusercontent.com",
      "https://lh5.googleusercontent.com",
      "https://lh6.googleusercontent.com",
    ],
  },
  label: { google: "Google" },
  timeoutMs: 5000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 2,
} as const;

/** The general "find a team" landing page, the entry point no search phrase names (docs/product.md#landing-pages). */
export const teamFinderLandingPath = "/find-a-triathlon-team-noosa";

export function absoluteUrl(path = "/"): string {
  return `${site.url}${path.startsWith("/") ? path : `/${path}`}`;
}
