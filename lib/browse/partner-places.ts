/**
 * The places Browse's "Training partners" filters by: a profile's place is free text (docs/product.md#profiles),
 * so a place matches athletes whose place names it ("Noosaville QLD" is Noosaville). A fixed list keeps the
 * filter a link and the shared copy's name short (lib/browse/shared-copy.ts).
 */
export const partnerPlaces = {
  noosa_heads: "Noosa Heads",
  noosaville: "Noosaville",
  tewantin: "Tewantin",
  sunshine_beach: "Sunshine Beach",
  sunrise_beach: "Sunrise Beach",
  peregian_beach: "Peregian Beach",
  cooroy: "Cooroy",
} as const;

export type PartnerPlace = keyof typeof partnerPlaces;
export const partnerPlaceKeys = Object.keys(partnerPlaces) as PartnerPlace[];
