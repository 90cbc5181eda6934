import brightHollow from "../../public/logos/bright-hollow.svg?raw";
import longueVue from "../../public/logos/longue-vue.svg?raw";
import magnoliaMornings from "../../public/logos/magnolia-mornings.svg?raw";
import oakAndAnchor from "../../public/logos/oak-and-anchor.svg?raw";
import pierSixteen from "../../public/logos/pier-sixteen.svg?raw";
import tidewaterSupply from "../../public/logos/tidewater-supply.svg?raw";

/**
 * Trusted-by strip: our clients' marks, drawn by us as monochrome SVGs in public/logos (which
 * stays the one source, and keeps serving them by URL).
 */
export const clientLogos = [
  { name: "Longue Vue", file: "longue-vue.svg", svg: longueVue },
  { name: "Magnolia Mornings", file: "magnolia-mornings.svg", svg: magnoliaMornings },
  { name: "Tidewater Supply Co.", file: "tidewater-supply.svg", svg: tidewaterSupply },
  { name: "Oak & Anchor", file: "oak-and-anchor.svg", svg: oakAndAnchor },
  { name: "Bright Hollow Clinic", file: "bright-hollow.svg", svg: brightHollow },
  { name: "Pier 16 Books", file: "pier-sixteen.svg", svg: pierSixteen },
] as const;

/** The drawing inside a logo file: what lies between its <svg> tags, without its <title>. */
export function logoDrawing(svg: string): string {
  const inner = /<svg\b[^>]*>([\s\S]*)<\/svg>\s*$/.exec(svg.trim())?.[1];
  if (inner === undefined) throw new Error("a client logo is not an <svg> document");
  return inner.replace(/<title>[\s\S]*?<\/title>/, "");
}

/**
 * The marks drawn inline in the text colour, not as six <img> requests: on a slow phone those
 * requests split the first round trips with the font and held the first paint back (issue 13,
 * ADR 019). Inline they cost the page about 2 KB compressed, in a window it already needs.
 */
export function LogoList({
  className = "",
  itemClassName = "",
}: {
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ul className={className}>
      {clientLogos.map((logo) => (
        <li key={logo.file} className="flex items-center justify-center">
          <svg
            viewBox="0 0 160 48"
            width={160}
            height={48}
            role="img"
            aria-label={logo.name}
            className={`h-5 w-auto ${itemClassName}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own SVG files, read at build time
            dangerouslySetInnerHTML={{ __html: logoDrawing(logo.svg) }}
          />
        </li>
      ))}
    </ul>
  );
}
