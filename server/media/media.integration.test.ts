import { crc32 } from "node:zlib";
import exifReader from "exif-reader";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { mediaTexts } from "../../domain/media.ts";
import { newPost } from "../test-support/content-entries.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { testSecret } from "../test-support/tokens.ts";

/**
 * The media library through the whole app, with real sharp and both engines (ADR 032): what
 * an upload becomes, that nothing served carries EXIF or a location, what is refused and how,
 * and that every instance serves what one stored.
 */

/** A photograph as a phone writes it: EXIF with GPS, and turned on its side (Orientation 6). */
const phonePhoto = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: "#3a6ea5" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "Pixelphone", Model: "P9" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 2/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 17/1 40/1",
      },
    })
    .toBuffer();

const picture = (format: "png" | "webp" | "avif" | "gif", channels: 3 | 4 = 3) =>
  sharp({
    create: { width: 640, height: 480, channels, background: { r: 200, g: 90, b: 40, alpha: 0.5 } },
  })
    .toFormat(format)
    .toBuffer();

const form = (bytes: Uint8Array, name: string, type: string, alt?: string) => {
  const data = new FormData();
  data.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  if (alt !== undefined) data.append("alt", alt);
  return data;
};

/** The address of every file a record names: its AVIF and WebP sizes and its fallback. */
const filesOf = (record: { srcset: { avif: string; webp: string }; fallback: string }) => [
  ...[record.srcset.avif, record.srcset.webp].flatMap((set) =>
    set.split(", ").map((entry) => entry.split(" ")[0] ?? ""),
  ),
  record.fallback,
];

describe.each(testEngines)("the media library on $name", (engine) => {
  const test = engineTest(engine)
    .extend(
      "upload",
      ({ app, admin }) =>
        (payload: FormData | string, type?: string) =>
          app.inject({
            method: "POST",
            url: "/api/media",
            headers: {
              "x-access-token": admin.accessToken,
              ...(type ? { "content-type": type } : {}),
            },
            payload,
          }),
    )
    .extend(
      "asAdmin",
      ({ app, admin }) =>
        (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
          app.inject({
            method,
            url,
            headers: { "x-access-token": admin.accessToken },
            ...(payload ? { payload } : {}),
          }),
    );

  test("serves a phone's photograph upright, at every size, without EXIF or its location", async ({
    app,
    upload,
  }) => {
    const input = await phonePhoto();
    const exif = (await sharp(input).metadata()).exif;
    expect(exif && exifReader(exif).GPSInfo?.GPSLatitude).toEqual([48, 51, 2]);

    const res = await upload(form(input, "IMG_0042.JPG", "image/jpeg", "  The studio's door  "));
    expect(res.statusCode).toBe(201);
    const record = res.json();
    // Turned upright: 900 × 600 on its side is 600 wide, 900 high.
    expect(record).toMatchObject({
      width: 600,
      height: 900,
      alt: "The studio's door",
      bytes: input.byteLength,
      fileName: "IMG_0042.JPG",
      contentType: "image/jpeg",
      fallback: `/media/${record.id}/orig.jpg`,
      url: `/media/${record.id}/600.webp`,
      usedBy: [],
    });
    expect(record.srcset.avif).toBe(
      `/media/${record.id}/480.avif 480w, /media/${record.id}/600.avif 600w`,
    );
    expect(record.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(record.color).toMatch(/^#[0-9a-f]{6}$/);

    const files = filesOf(record);
    expect(files).toHaveLength(5);
    for (const url of files) {
      const file = await app.inject({ method: "GET", url });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
      expect(file.headers["x-content-type-options"], url).toBe("nosniff");
      expect(file.headers.etag, url).toBeTruthy();
      const meta = await sharp(file.rawPayload).metadata();
      expect(`image/${meta.format === "heif" ? "avif" : meta.format}`, url).toBe(
        file.headers["content-type"],
      );
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(meta.iptc, url).toBeUndefined();
      expect(meta.orientation ?? 1, url).toBe(1);
      expect(meta.height, url).toBeGreaterThan(meta.width ?? 0);
      // Nor hidden anywhere in the bytes: no EXIF header, no camera's name.
      expect(file.rawPayload.includes("Exif\0"), url).toBe(false);
      expect(file.rawPayload.includes("Pixelphone"), url).toBe(false);
    }

    // A browser that has it answers 304; an unknown file is a 404.
    const [first] = files;
    const again = await app.inject({
      method: "GET",
      url: first ?? "",
      headers: {
        "if-none-match": `W/"x", ${(await app.inject({ url: first ?? "" })).headers.etag}`,
      },
    });
    expect(again.statusCode).toBe(304);
    for (const url of [
      `/media/${record.id}/1600.webp`,
      `/media/${record.id}/orig.svg`,
      "/media/0190f1a2-7b3c-7d4e-8f50-617283940a1b/480.webp",
      "/media/not-an-id/480.webp",
    ])
      expect((await app.inject({ url })).statusCode, url).toBe(404);
  });

  test("takes PNG, WebP, AVIF and GIF by their bytes", async ({ app, upload, asAdmin }) => {
    for (const [format, channels, fallback] of [
      ["png", 4, "orig.png"],
      ["webp", 3, "orig.jpg"],
      ["avif", 3, "orig.jpg"],
      ["gif", 3, "orig.png"],
    ] as const) {
      // Named and typed as something else: only the bytes count.
      const res = await upload(form(await picture(format, channels), "photo.bin", "text/plain"));
      expect(res.statusCode, format).toBe(201);
      const record = res.json();
      expect(record.contentType, format).toBe(`image/${format}`);
      expect([record.width, record.height], format).toEqual([640, 480]);
      expect(record.fallback, format).toBe(`/media/${record.id}/${fallback}`);
      // A transparent picture gets no blurred square behind it.
      expect(record.placeholder === null, format).toBe(channels === 4);
      const served = await app.inject({ url: record.url });
      expect(served.headers["content-type"], format).toBe("image/webp");
    }
    const list = await asAdmin("GET", "/api/media");
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.json().media.map((m: { contentType: string }) => m.contentType)).toEqual([
      "image/gif",
      "image/avif",
      "image/webp",
      "image/png",
    ]);
  });

  test("refuses what is not an accepted image with 415 and a message, storing nothing", async ({
    database,
    upload,
  }) => {
    const jpeg = await phonePhoto();
    const cases = [
      [
        "an SVG",
        form(
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>',
          ),
          "logo.svg",
          "image/svg+xml",
        ),
        mediaTexts.svg,
      ],
      [
        "an SVG with an XML declaration",
        form(
          Buffer.from(
            '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>',
          ),
          "logo.png",
          "image/png",
        ),
        mediaTexts.svg,
      ],
      [
        "HTML",
        form(Buffer.from("<!doctype html><p>hi"), "page.jpg", "image/jpeg"),
        mediaTexts.notAnImage,
      ],
      [
        "text named .png",
        form(Buffer.from("just some text, honest"), "x.png", "image/png"),
        mediaTexts.notAnImage,
      ],
      [
        "a truncated JPEG",
        form(jpeg.subarray(0, jpeg.length >> 1), "cut.jpg", "image/jpeg"),
        mediaTexts.notAnImage,
      ],
      [
        "a TIFF",
        form(
          await sharp({ create: { width: 9, height: 9, channels: 3, background: "#000" } })
            .tiff()
            .toBuffer(),
          "a.tif",
          "image/tiff",
        ),
        mediaTexts.notAnImage,
      ],
    ] as const;
    for (const [what, payload, message] of cases) {
      const res = await upload(payload);
      expect(res.statusCode, what).toBe(415);
      expect(res.json(), what).toEqual({ message });
    }
    expect(mediaTexts.notAnImage).toContain("JPEG, PNG, WebP, AVIF or GIF");
    expect(await database.db.selectFrom("media").select("id").execute()).toEqual([]);
  });

  test("refuses a file over 20 MB with 413, and a body that is no upload with a message", async ({
    upload,
  }) => {
    const big = Buffer.alloc(21 * 1024 * 1024, 7);
    const res = await upload(form(big, "huge.jpg", "image/jpeg"));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "The file is larger than 20 MB." });

    // A decompression bomb: a small PNG whose header claims 10,000 × 10,000 pixels.
    const bomb = Buffer.from(await picture("png"));
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const pixels = await upload(form(bomb, "bomb.png", "image/png"));
    expect(pixels.statusCode).toBe(413);
    expect(pixels.json()).toEqual({ message: mediaTexts.tooManyPixels });

    const json = await upload(JSON.stringify({ file: "x" }), "application/json");
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: mediaTexts.notMultipart });

    const noFile = new FormData();
    noFile.append("alt", "A door");
    expect((await upload(noFile)).json()).toEqual({ message: mediaTexts.noFile });

    const twoFiles = form(await picture("png"), "a.png", "image/png");
    twoFiles.append("file", new Blob([await picture("png")]), "b.png");
    const two = await upload(twoFiles);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: mediaTexts.oneFile });

    const badAlt = await upload(form(await picture("png"), "a.png", "image/png", "one\ntwo"));
    expect(badAlt.statusCode).toBe(400);
    expect(badAlt.json()).toEqual({ message: mediaTexts.badAlt });

    const cut = await upload(
      '--xyz\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      "multipart/form-data; boundary=xyz",
    );
    expect(cut.statusCode).toBeLessThan(500);
    expect(cut.json().message).toBeTruthy();
  });

  test("sets the alt text; deletes an unused picture, and refuses one in use with 409", async ({
    app,
    database,
    upload,
    asAdmin,
  }) => {
    const record = (await upload(form(await picture("webp"), "a.webp", "image/webp"))).json();
    expect(record.alt).toBe("");
    const patched = await asAdmin("PATCH", `/api/media/${record.id}`, { alt: "A red square" });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().alt).toBe("A red square");
    const unknown = "0190f1a2-7b3c-7d4e-8f50-617283940a1b";
    expect((await asAdmin("PATCH", `/api/media/${unknown}`, { alt: "x" })).statusCode).toBe(404);
    expect((await asAdmin("PATCH", "/api/media/nope", { alt: "x" })).statusCode).toBe(400);

    // An entry of the content studio that shows the picture in its body.
    const entry = await asAdmin("POST", "/api/content", {
      ...newPost,
      slug: "caliban-pictured",
      body: `Before ![A red square](/media/${record.id}/800.webp) after`,
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const entryId = entry.json().entry.id;
    const refused = await asAdmin("DELETE", `/api/media/${record.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This image is used by post "caliban-pictured"; remove it there first.',
      usedBy: [{ id: entryId, type: "post", slug: "caliban-pictured" }],
    });
    expect((await asAdmin("GET", "/api/media")).json().media[0].usedBy).toEqual([
      { id: entryId, type: "post", slug: "caliban-pictured" },
    ]);

    expect((await asAdmin("DELETE", `/api/content/${entryId}`)).statusCode).toBe(204);
    const deleted = await asAdmin("DELETE", `/api/media/${record.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    expect((await app.inject({ url: record.url })).statusCode).toBe(404);
    expect(await database.db.selectFrom("media_files").select("variant").execute()).toEqual([]);
    expect((await asAdmin("DELETE", `/api/media/${record.id}`)).statusCode).toBe(404);
  });

  test("takes an upload from a real client over HTTP, and answers one too large with 413", async ({
    app,
    admin,
  }) => {
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const send = (bytes: Uint8Array) =>
      fetch(`${base}/api/media`, {
        method: "POST",
        headers: { "x-access-token": admin.accessToken },
        body: form(bytes, "a.jpg", "image/jpeg", "A door"),
      });
    // Answered while the rest of the body is still arriving; the client still reads it.
    const big = await send(new Uint8Array(21 * 1024 * 1024).fill(7));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: mediaTexts.tooLarge });
    const ok = await send(await phonePhoto());
    expect(ok.status).toBe(201);
    const served = await fetch(`${base}${(await ok.json()).url}`);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });

  test("serves from another instance what one stored", async ({ database, upload }) => {
    const record = (await upload(form(await phonePhoto(), "a.jpg", "image/jpeg"))).json();
    const sibling = database.sibling();
    const other = await buildTestApp(sibling, { JWT_SECRET: testSecret });
    try {
      for (const url of filesOf(record)) {
        const res = await other.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect((await sharp(res.rawPayload).metadata()).width).toBeGreaterThan(0);
      }
    } finally {
      await other.close();
      await sibling.close();
    }
  });
});
