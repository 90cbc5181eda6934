/** Trusted-by strip: our clients' marks, drawn by us as monochrome SVGs in public/logos. */
export const clientLogos = [
  { name: "Longue Vue", file: "longue-vue.svg" },
  { name: "Magnolia Mornings", file: "magnolia-mornings.svg" },
  { name: "Tidewater Supply Co.", file: "tidewater-supply.svg" },
  { name: "Oak & Anchor", file: "oak-and-anchor.svg" },
  { name: "Bright Hollow Clinic", file: "bright-hollow.svg" },
  { name: "Pier 16 Books", file: "pier-sixteen.svg" },
] as const;
