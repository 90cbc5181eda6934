import {
  avifOptions,
  avifScreenshotOptions,
  placeholderOptions,
  webpOptions,
  widthsFor,
} from "../../domain/image-encoding.ts";
import { mediaMaxPixels, mediaTexts } from "../../domain/media.ts";

/**
 * An upload made ready for the web (ADR 032), with the settings of the build's content images
 * (domain/image-encoding.ts): AVIF and WebP at the standard widths up to its own, a fallback in
 * its own format (JPEG, or PNG for PNG, GIF and anything with transparency), a blurred
 * placeholder and its dominant colour.
 *
 * What the file is comes from its bytes (sharp reads the signature and decodes), never from its
 * name or the content type the browser sent. Everything served is encoded from decoded pixels
 * alone: EXIF (GPS included), XMP, IPTC and ICC data never reach an output; the orientation is
 * applied to the pixels first, so nothing is lost by dropping it. An animated GIF keeps its
 * first frame: the widths and formats here are for stills, and a moving picture is better
 * served as a video.
 */

/** A refusal the client caused, with its status and message (never a 500). */
export class MediaRefusal extends Error {
  override name = "MediaRefusal";
  readonly statusCode: 413 | 415;
  constructor(statusCode: 413 | 415, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

export type EncodedFile = {
  readonly variant: string;
  readonly contentType: string;
  readonly width: number;
  readonly bytes: Buffer;
};

export type EncodedImage = {
  /** What the upload is, read from its bytes: image/jpeg, image/png, … */
  readonly contentType: string;
  /** Its size once oriented. */
  readonly width: number;
  readonly height: number;
  readonly placeholder: string | null;
  readonly color: string;
  readonly files: readonly EncodedFile[];
};

/** sharp's name for a format → its content type; nothing else is accepted. */
const acceptedFormats: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  // AVIF is HEIF with AV1; sharp calls both "heif" (HEIC, with HEVC, is refused below).
  heif: "image/avif",
};

/** The largest width anything is encoded at (widthsFor never goes beyond it). */
const topWidth = 1600;

type Sharp = typeof import("sharp")["default"];
let loaded: Promise<Sharp> | undefined;
/**
 * Loaded on the first upload, not at start-up: most instances never encode a picture. One
 * libvips thread, so an upload being encoded leaves the other core to the requests.
 */
const loadSharp = () => {
  loaded ??= import("sharp").then(({ default: sharp }): Sharp => {
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
};

/** An SVG (or HTML) document starts with markup; sharp may read SVG, which we refuse by name. */
const looksLikeSvg = (bytes: Buffer) =>
  /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!doctype svg[^>]*>\s*)?<svg[\s>]/i.test(
    bytes
      .subarray(0, 4096)
      .toString("utf8")
      .replace(/^\uFEFF/, ""),
  );

async function encode(input: Buffer): Promise<EncodedImage> {
  if (looksLikeSvg(input)) throw new MediaRefusal(415, mediaTexts.svg);
  const sharp = await loadSharp();
  // "error": a truncated or damaged file is refused rather than padded with grey.
  const options = {
    failOn: "error",
    limitInputPixels: mediaMaxPixels,
    autoOrient: true,
  } as const;
  let meta: Awaited<ReturnType<ReturnType<Sharp>["metadata"]>>;
  try {
    // The header alone, so a picture too large to decode is told apart from a damaged one.
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new MediaRefusal(415, mediaTexts.notAnImage);
  }
  if (meta.format === "svg") throw new MediaRefusal(415, mediaTexts.svg);
  const contentType = acceptedFormats[meta.format ?? ""];
  if (!contentType || (meta.format === "heif" && meta.compression !== "av1"))
    throw new MediaRefusal(415, mediaTexts.notAnImage);
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new MediaRefusal(415, mediaTexts.notAnImage);
  if (width * height > mediaMaxPixels) throw new MediaRefusal(413, mediaTexts.tooManyPixels);

  // Decoded once, whole (a damaged file fails here, as a 415), oriented, and brought down to
  // the largest width served: every output is made from these pixels, with no metadata.
  const top = Math.min(width, topWidth);
  let pixels: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    pixels = await sharp(input, options)
      .resize({ width: top, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new MediaRefusal(415, mediaTexts.notAnImage);
  }
  const { info } = pixels;
  const channels = info.channels as 1 | 2 | 3 | 4;
  const decoded = sharp(pixels.data, {
    raw: { width: info.width, height: info.height, channels },
  });
  // GIFs decode with an alpha channel whether or not a pixel is transparent: it is kept only
  // when used.
  const stats = await decoded.clone().stats();
  const hasAlpha = (channels === 2 || channels === 4) && !stats.isOpaque;
  const source = hasAlpha ? decoded : decoded.clone().removeAlpha();

  const files: EncodedFile[] = [];
  const avif = meta.format === "png" ? avifScreenshotOptions : avifOptions;
  for (const w of widthsFor(info.width)) {
    const resized = source.clone().resize({ width: w, withoutEnlargement: true });
    const [a, b] = await Promise.all([
      resized.clone().avif(avif).toBuffer(),
      resized.clone().webp(webpOptions).toBuffer(),
    ]);
    files.push({ variant: `${w}.avif`, contentType: "image/avif", width: w, bytes: a });
    files.push({ variant: `${w}.webp`, contentType: "image/webp", width: w, bytes: b });
  }
  // For a browser that reads neither AVIF nor WebP: the original's kind, at the top width.
  const lossless = hasAlpha || meta.format === "png" || meta.format === "gif";
  files.push(
    lossless
      ? {
          variant: "orig.png",
          contentType: "image/png",
          width: info.width,
          bytes: await source.clone().png({ compressionLevel: 9 }).toBuffer(),
        }
      : {
          variant: "orig.jpg",
          contentType: "image/jpeg",
          width: info.width,
          bytes: await source.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
        },
  );

  const tiny = await source
    .clone()
    .resize({ width: placeholderOptions.width })
    .blur(placeholderOptions.blur)
    .webp({ quality: placeholderOptions.quality })
    .toBuffer();
  const { dominant } = stats;
  const color = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
  return {
    contentType,
    width,
    height,
    // As the build's: a blurred square behind a transparent picture would show through it.
    placeholder: hasAlpha ? null : `data:image/webp;base64,${tiny.toString("base64")}`,
    color,
    files,
  };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Encodes uploads one at a time on this instance: each takes a core for a second or two (more
 * on sharp's wasm build) and a few hundred MB at most, and an admin uploading a dozen pictures
 * at once must not starve the site's requests. Later uploads wait their turn.
 */
export function encodeUpload(input: Buffer): Promise<EncodedImage> {
  const run = queue.then(() => encode(input));
  queue = run.catch(() => undefined);
  return run;
}
