/**
 * A photograph or screenshot made at build time (app/content/images.server.ts, ADR 027): AVIF
 * and WebP at several widths for the browser to choose from (`sizes` says how wide it is
 * shown), its intrinsic width and height so its box is reserved before a byte arrives (no
 * layout shift), a tiny blurred placeholder and its dominant colour painted in that box, and
 * lazy loading unless it is in the first screen (`priority`).
 */

export type ImageVariant = { readonly width: number; readonly src: string };
export type ResponsiveImageData = {
  readonly width: number;
  readonly height: number;
  /** A ~100-byte blurred WebP data URL; null for images with transparency. */
  readonly placeholder: string | null;
  /** The dominant colour, `#rrggbb`, painted until the image arrives. */
  readonly color: string;
  readonly avif: readonly ImageVariant[];
  readonly webp: readonly ImageVariant[];
};

const srcSet = (variants: readonly ImageVariant[]) =>
  variants.map((variant) => `${variant.src} ${variant.width}w`).join(", ");

/** The plain <img> source for a browser that reads no srcset: a middling width. */
const fallbackOf = (variants: readonly ImageVariant[]) =>
  variants.find((variant) => variant.width >= 800) ?? variants.at(-1);

export function ResponsiveImage({
  image,
  alt,
  sizes,
  className = "h-auto w-full",
  priority = false,
}: {
  image: ResponsiveImageData;
  /** What the picture shows, or "" when the text beside it already says it. */
  alt: string;
  /** How wide it is shown, as the `sizes` attribute says it: "(min-width: 1024px) 50vw, 100vw". */
  sizes: string;
  className?: string;
  /** In the first screen: loaded at once, at high priority. */
  priority?: boolean;
}) {
  const fallback = fallbackOf(image.webp);
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image.webp)} sizes={sizes} />
      <img
        src={fallback?.src}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        className={`bg-cover bg-center ${className}`}
        style={{
          backgroundColor: image.color,
          ...(image.placeholder ? { backgroundImage: `url("${image.placeholder}")` } : {}),
        }}
      />
    </picture>
  );
}
