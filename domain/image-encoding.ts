/**
 * How raster images are made ready for the web, shared by the build's content images
 * (app/content/images.server.ts, ADR 027) and the media library's uploads (server/media/,
 * ADR 032), so a picture looks and weighs the same whichever way it came in. Plain numbers
 * only: sharp itself is loaded where the encoding happens.
 */

/** The widths a picture is encoded at, up to its own width (never enlarged). */
export const imageWidths = [480, 800, 1200, 1600] as const;
/** Quality for size: effort 3 costs a quarter of sharp's default for the same bytes (ADR 027). */
export const avifOptions = { quality: 50, effort: 3, chromaSubsampling: "4:2:0" } as const;
/** Screenshots (PNG sources) keep full colour resolution, so coloured text stays sharp. */
export const avifScreenshotOptions = { ...avifOptions, chromaSubsampling: "4:4:4" } as const;
export const webpOptions = { quality: 75, effort: 4 } as const;
/** The blurred placeholder painted while the picture loads: ~100 bytes inline. */
export const placeholderOptions = { width: 16, blur: 0.6, quality: 40 } as const;

/** The widths to encode a picture `width` pixels wide at: the standard ones below it, and its own up to 1600. */
export const widthsFor = (width: number): number[] => [
  ...new Set([...imageWidths.filter((w) => w < width), Math.min(width, 1600)]),
];
