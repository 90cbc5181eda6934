import brightHollow from "../../public/logos/bright-hollow.svg?raw";
import longueVue from "../../public/logos/longue-vue.svg?raw";
import magnoliaMornings from "../../public/logos/magnolia-mornings.svg?raw";
import oakAndAnchor from "../../public/logos/oak-and-anchor.svg?raw";
import pierSixteen from "../../public/logos/pier-sixteen.svg?raw";
import tidewaterSupply from "../../public/logos/tidewater-supply.svg?raw";

/** A logo file split into what an inline <svg> needs: its viewBox and the drawing inside it. */
function parseLogo(svg: string): { viewBox: string; drawing: string } {
  const match = /^<svg\b[^>]*\bviewBox="([^"]+)"[^>]*>([\s\S]*)<\/svg>$/.exec(svg.trim());
  if (!match?.[1] || match[2] === undefined)
    throw new Error("a client logo is not an <svg> document");
  return { viewBox: match[1], drawing: match[2].replace(/<title>[\s\S]*?<\/title>/, "") };
}

/**
 * Trusted-by strip: our clients' marks, drawn by us as monochrome SVGs in public/logos (which
 * stays the one source, and keeps serving them by URL). Each file is read once, at build time.
 */
export const clientLogos = [
  { name: "Longue Vue", ...parseLogo(longueVue) },
  { name: "Magnolia Mornings", ...parseLogo(magnoliaMornings) },
  { name: "Tidewater Supply Co.", ...parseLogo(tidewaterSupply) },
  { name: "Oak & Anchor", ...parseLogo(oakAndAnchor) },
  { name: "Bright Hollow Clinic", ...parseLogo(brightHollow) },
  { name: "Pier 16 Books", ...parseLogo(pierSixteen) },
] as const;

/**
 * The marks drawn inline in the section's text colour (ink on paper, paper on ink), not as six
 * <img> requests: on a slow phone those requests split the first round trips with the font and
 * held the first paint back (ADR 019). Inline they cost the page about 2 KB
 * compressed, in a window it already needs.
 */
export function LogoList({
  tone = "light",
  className = "",
}: {
  tone?: "light" | "dark";
  className?: string;
}) {
  return (
    <ul className={className}>
      {clientLogos.map((logo) => (
        <li key={logo.name} className="flex items-center justify-center">
          <svg
            viewBox={logo.viewBox}
            width={160}
            height={48}
            role="img"
            aria-label={logo.name}
            className={`h-5 w-auto ${tone === "dark" ? "opacity-80" : "opacity-75"}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own SVG files, read at build time
            dangerouslySetInnerHTML={{ __html: logo.drawing }}
          />
        </li>
      ))}
    </ul>
  );
}
