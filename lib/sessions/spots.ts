/**
 * The known meeting points around Noosa a session can start from. The keys are the rule (SQL:
 * private.session_spots); the names and places are how people find them.
 */
export const sessionSpots = {
  noosa_main_beach: { name: "Noosa Main Beach, surf club", lat: -26.3866, lon: 153.0869 },
  noosa_woods: { name: "Noosa Woods, river mouth", lat: -26.3838, lon: 153.0745 },
  noosaville_foreshore: { name: "Noosaville foreshore, Gympie Terrace", lat: -26.3968, lon: 153.0625 },
  noosa_aquatic_centre: { name: "Noosa Aquatic Centre, Noosaville", lat: -26.4094, lon: 153.0627 },
  noosa_hill: { name: "Noosa Hill, Viewland Drive", lat: -26.3924, lon: 153.0842 },
  sunshine_beach: { name: "Sunshine Beach surf club", lat: -26.4046, lon: 153.1107 },
  peregian_beach: { name: "Peregian Beach village green", lat: -26.4803, lon: 153.0968 },
  tewantin_marina: { name: "Noosa Marina, Tewantin", lat: -26.3921, lon: 153.0374 },
  noosa_national_park: { name: "Noosa National Park entrance", lat: -26.3848, lon: 153.0917 },
  lake_macdonald: { name: "Lake Macdonald, Cooroy", lat: -26.3842, lon: 152.9279 },
} as const;

export type SessionSpot = keyof typeof sessionSpots;
export const sessionSpotKeys = Object.keys(sessionSpots) as SessionSpot[];

export function spotName(key: string): string {
  return (sessionSpots as Record<string, { name: string }>)[key]?.name ?? key;
}
