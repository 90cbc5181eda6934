/**
 * A map of an address, for a venue or a meeting place: an OpenStreetMap search (no key, no
 * account, no tracking script, and an address finds the door where a venue's name is unknown
 * to the map).
 */
export const mapUrl = (address: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
