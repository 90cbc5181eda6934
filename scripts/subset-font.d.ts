// subset-font ships no types; this is the part scripts/text-font.ts uses.
declare module "subset-font" {
  type Axis = number | { min: number; max: number; default?: number };
  type Options = {
    targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
    noLayoutClosure?: boolean;
    /** OpenType feature tags to keep (default: all). */
    keepFeatures?: string[];
    preserveNameIds?: number[];
    variationAxes?: Record<string, Axis>;
  };
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: Options,
  ): Promise<Buffer>;
}
