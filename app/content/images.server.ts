import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  avifOptions,
  avifScreenshotOptions,
  imageWidths,
  placeholderOptions,
  webpOptions,
  widthsFor,
} from "../../domain/image-encoding.ts";
import type { ResponsiveImageData } from "../components/responsive-image.tsx";

/**
 * Photographs and screenshots the owner adds under content/images/, made ready for the web at
 * build time (ADR 027): AVIF and WebP at a few widths up to the source's own, its
 * intrinsic size (so the page keeps its space while it loads: no layout shift), a tiny blurred
 * placeholder painted first, and its dominant colour. Each result is kept by the source's
 * content hash, so a rebuild only encodes what changed.
 *
 * Loaders call `imageFor` while the build prerenders; the files go into the build's client
 * folder under /assets/img/ (content-hashed names, cached for a year like every asset).
 */

/** Encoder settings are part of every name: changing them makes new files. */
const settingsKey = JSON.stringify([imageWidths, avifOptions, webpOptions, 1]);

const contentImages = path.resolve(process.cwd(), "content", "images");
export const imageCacheDir = path.resolve(
  process.cwd(),
  "node_modules",
  ".cache",
  "fineline-images",
);
const cacheDir = imageCacheDir;
export const imageUrlBase = "/assets/img";

/**
 * Where the built files go: a production build's client folder (scripts/build-paths.ts); in
 * development the cache alone, which Vite serves (scripts/content-images-plugin.ts).
 */
function outputDir(): string | null {
  if (process.env.NODE_ENV !== "production") return null;
  return path.resolve(process.env.BUILD_DIRECTORY ?? "build", "client", "assets", "img");
}

export class ImageError extends Error {
  override name = "ImageError";
}

type Manifest = ResponsiveImageData & { readonly files: readonly string[] };

/** Encodes one source image into `dir`, unless the cache has it already. */
export async function processImage(
  file: string,
  dir: string = cacheDir,
  urlBase: string = imageUrlBase,
): Promise<Manifest> {
  const input = await readFile(file);
  const hash = createHash("sha256").update(input).update(settingsKey).digest("hex").slice(0, 12);
  const stem = path
    .basename(file, path.extname(file))
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-");
  const manifestFile = path.join(dir, `${stem}-${hash}.json`);
  try {
    return JSON.parse(await readFile(manifestFile, "utf8")) as Manifest;
  } catch {
    // Not made yet: made below.
  }
  // sharp is a build tool only: loaded here, never by the server or the browser.
  const { default: sharp } = await import("sharp");
  sharp.concurrency(1);
  const source = sharp(input, { autoOrient: true, failOn: "error" });
  const meta = await source.metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new ImageError(`${file}: not an image sharp can read`);
  // Screenshots keep full colour resolution, so coloured text stays sharp.
  const avif = meta.format === "png" ? avifScreenshotOptions : avifOptions;
  const widths = widthsFor(width);
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  const variants: Record<"avif" | "webp", { width: number; src: string }[]> = {
    avif: [],
    webp: [],
  };
  for (const w of widths) {
    const resized = source.clone().resize({ width: w, withoutEnlargement: true });
    const [a, b] = await Promise.all([
      resized.clone().avif(avif).toBuffer(),
      resized.clone().webp(webpOptions).toBuffer(),
    ]);
    for (const [format, bytes] of [
      ["avif", a],
      ["webp", b],
    ] as const) {
      const name = `${stem}-${hash}-${w}.${format}`;
      await writeFile(path.join(dir, name), bytes);
      files.push(name);
      variants[format].push({ width: w, src: `${urlBase}/${name}` });
    }
  }
  const tiny = await source
    .clone()
    .resize({ width: placeholderOptions.width })
    .blur(placeholderOptions.blur)
    .webp({ quality: placeholderOptions.quality })
    .toBuffer();
  const { dominant } = await source.clone().stats();
  const color = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
  const manifest: Manifest = {
    width,
    height,
    placeholder: meta.hasAlpha ? null : `data:image/webp;base64,${tiny.toString("base64")}`,
    color,
    avif: variants.avif,
    webp: variants.webp,
    files,
  };
  await writeFile(manifestFile, JSON.stringify(manifest));
  return manifest;
}

const made = new Map<string, Promise<ResponsiveImageData>>();

/**
 * A content image, ready for <ResponsiveImage>: `src` is its path under content/images/. The
 * build stops, naming it, when the file is missing or smaller than `minWidth`.
 */
export function imageFor(src: string, { minWidth = 160 }: { minWidth?: number } = {}) {
  const key = `${src}|${minWidth}`;
  let image = made.get(key);
  if (!image) {
    image = (async () => {
      const file = path.resolve(contentImages, src);
      if (!file.startsWith(`${contentImages}${path.sep}`))
        throw new ImageError(`${src}: images live under content/images/`);
      await stat(file).catch(() => {
        throw new ImageError(`content/images/${src}: no such file`);
      });
      const manifest = await processImage(file);
      if (manifest.width < minWidth)
        throw new ImageError(
          `content/images/${src}: ${manifest.width} px wide; at least ${minWidth} px are needed`,
        );
      const out = outputDir();
      if (out) {
        await mkdir(out, { recursive: true });
        await Promise.all(
          manifest.files.map((name) => copyFile(path.join(cacheDir, name), path.join(out, name))),
        );
      }
      const { files: _files, ...data } = manifest;
      return data;
    })();
    made.set(key, image);
  }
  return image;
}
