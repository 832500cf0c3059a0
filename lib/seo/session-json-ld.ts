import type { SessionPage } from "@/lib/data/sessions";
import { absoluteUrl } from "@/lib/site";
import { sportLabels, type SessionSport } from "@/lib/sessions/labels";
import { sessionPath } from "@/lib/sessions/format";
import { sessionSpots, spotName, type SessionSpot } from "@/lib/sessions/spots";

/**
 * One session date as a schema.org Event: eventStatus says when it is cancelled or moved (EventRescheduled,
 * with the new start), so a search result never shows a called-off swim as on.
 */
export function sessionEventJsonLd(s: SessionPage): Record<string, unknown> {
  const spot = sessionSpots[s.meeting_point as SessionSpot];
  const status =
    s.status === "cancelled"
      ? "https://schema.org/EventCancelled"
      : s.moved_at
        ? "https://schema.org/EventRescheduled"
        : "https://schema.org/EventScheduled";
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: s.title,
    description: `${sportLabels[s.sport as SessionSport]} group session around Noosa${s.details ? `: ${s.details.slice(0, 200)}` : ""}`,
    startDate: s.starts_at,
    endDate: s.ends_at,
    eventStatus: status,
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    url: absoluteUrl(sessionPath(s.occurrence_id)),
    location: {
      "@type": "Place",
      name: spotName(s.meeting_point),
      address: {
        "@type": "PostalAddress",
        addressLocality: "Noosa",
        addressRegion: "QLD",
        addressCountry: "AU",
      },
      ...(spot ? { geo: { "@type": "GeoCoordinates", latitude: spot.lat, longitude: spot.lon } } : {}),
    },
    maximumAttendeeCapacity: s.places,
    remainingAttendeeCapacity: Math.max(s.places - s.going - s.held, 0),
    isAccessibleForFree: true,
    ...(s.host_name ? { organizer: { "@type": "Person", name: s.host_name } } : {}),
  };
}
