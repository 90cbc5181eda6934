import { expect, test } from "@playwright/test";
import exifReader from "exif-reader";
import sharp from "sharp";
import type { Session } from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import {
  createDraft,
  openEditor,
  postFields,
  publishNow,
  typeAndSave,
  visit,
} from "./content-owner.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";

/**
 * The rest of the owner's path in the content studio (docs/site.md, "Publishing without a
 * build"), after content-studio.spec.ts's write, autosave and publish: preview and share,
 * publish and edit, restore, rename and a phone's photo, each on the live site of a server
 * of its own, with no build.
 */
test.describe.configure({ mode: "serial" });

let server: PrivateServer;
let session: Session;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startPrivateServer(test.info().workerIndex);
});
test.afterAll(async () => server?.stop());
test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  session = await server.signIn(page);
});

const postPath = (slug: string) => `/secret/blog/blog/${slug}`;

test("a draft is previewed at both widths, shared without a login, and revoked", async ({
  page,
  browser,
}) => {
  const draft = await createDraft(
    page,
    server.origin,
    session,
    postFields(
      "shared-before-publishing",
      "Shared before publishing",
      "Words for the client to read first.",
    ),
  );
  await openEditor(page, server.origin, draft.id);
  await page.getByRole("button", { name: "preview", exact: true }).click();
  const preview = page.getByRole("region", { name: "Preview" });

  // At a phone's width first, then a desktop's: the draft as the site will show it.
  const phone = preview.getByTitle("Preview at 390 pixels wide");
  await expect(phone).toBeVisible();
  await expect(phone.contentFrame().getByRole("heading", { level: 1 })).toHaveText(
    "Shared before publishing",
  );
  await preview.getByRole("button", { name: /^desktop/i }).click();
  await expect(preview.getByRole("button", { name: /^desktop/i })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const desktop = preview.getByTitle("Preview at 1440 pixels wide");
  await expect(
    desktop.contentFrame().getByText("Words for the client to read first."),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The share link opens for someone with no account, and is never indexed.
  const link = new URL((await desktop.getAttribute("src")) ?? "", server.origin).href;
  expect(link).toMatch(/\/preview\/[A-Za-z0-9_-]{20,}$/);
  const stranger = await browser.newContext();
  try {
    const visitor = await stranger.newPage();
    const shared = await visitor.goto(link);
    expect(shared?.status()).toBe(200);
    expect(shared?.headers()["x-robots-tag"]).toContain("noindex");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Shared before publishing");
    await expect(visitor.getByText("Words for the client to read first.")).toBeVisible();
    // Nothing of it is on the site itself: it is still a draft.
    expect((await visit(page, `${server.origin}${postPath(draft.slug)}`)).status).not.toBe(200);

    await preview.getByRole("button", { name: /^Revoke/ }).click();
    await expect(preview.getByText("Link revoked: it no longer opens.")).toBeVisible();
    const revoked = await visitor.goto(link);
    expect(revoked?.status()).toBe(404);
    await expect(visitor.getByText("This preview link has expired or was revoked.")).toBeVisible();
    await expect(visitor.getByText("Words for the client to read first.")).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});

test("a published post goes live, and an edit goes live when published again", async ({ page }) => {
  const slug = "published-then-edited";
  const draft = await createDraft(
    page,
    server.origin,
    session,
    postFields(slug, "Published then edited", "The first version of the text."),
  );
  const url = `${server.origin}${postPath(slug)}`;
  expect((await visit(page, url)).status).not.toBe(200);

  await openEditor(page, server.origin, draft.id);
  await publishNow(page, postPath(slug));
  const first = await visit(page, url);
  expect(first.status).toBe(200);
  expect(first.text).toContain("The first version of the text.");

  // Edited: saved, but the live page keeps the published text until the next publish.
  await typeAndSave(page, " A sentence added after publishing.");
  expect((await visit(page, url)).text).not.toContain("A sentence added after publishing.");
  await publishNow(page, postPath(slug));
  const second = await visit(page, url);
  expect(second.status).toBe(200);
  expect(second.text).toContain(
    "The first version of the text. A sentence added after publishing.",
  );
});

test("an older revision is restored, as a revision of its own, and published", async ({ page }) => {
  const slug = "restored-from-history";
  const draft = await createDraft(
    page,
    server.origin,
    session,
    postFields(slug, "Restored from history", "The words the owner comes back to."),
  );
  const url = `${server.origin}${postPath(slug)}`;
  await openEditor(page, server.origin, draft.id);
  await publishNow(page, postPath(slug));
  await typeAndSave(page, "A rewrite that did not work out.", { replace: true });
  await publishNow(page, postPath(slug));
  expect((await visit(page, url)).text).toContain("A rewrite that did not work out.");

  await page.getByRole("button", { name: "revisions", exact: true }).click();
  const revisions = page.getByRole("region", { name: "Revisions" });
  // Newest first: the first publish is the last one of its kind in the list.
  await revisions
    .getByRole("button", { name: /· publish$/ })
    .last()
    .click();
  await expect(revisions.getByText("The words the owner comes back to.")).toBeVisible();
  await revisions.getByRole("button", { name: "Restore this version" }).click();
  await expect(revisions.getByText(/^Restored the version of /)).toBeVisible();
  await expect(page.locator(".cm-content")).toHaveText("The words the owner comes back to.");

  // The restore is itself in the history, so it can be undone the same way.
  await page.reload();
  await expect(page.locator(".cm-content")).toHaveText("The words the owner comes back to.");
  await page.getByRole("button", { name: "revisions", exact: true }).click();
  await expect(revisions.getByRole("button", { name: /· restore$/ })).toHaveCount(1);

  await publishNow(page, postPath(slug));
  const live = await visit(page, url);
  expect(live.text).toContain("The words the owner comes back to.");
  expect(live.text).not.toContain("A rewrite that did not work out.");
});

test("a renamed post answers at its new address; the old one redirects", async ({ page }) => {
  const before = "named-at-first";
  const after = "named-better";
  const draft = await createDraft(
    page,
    server.origin,
    session,
    postFields(before, "Named twice", "A post whose address changes after it went live."),
  );
  await openEditor(page, server.origin, draft.id);
  await publishNow(page, postPath(before));
  expect((await visit(page, `${server.origin}/sitemap.xml`)).text).toContain(postPath(before));

  const saved = page.waitForResponse((r) => r.request().method() === "PUT");
  await page.getByLabel("Slug").fill(after);
  expect((await saved).status()).toBe(200);
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await publishNow(page, postPath(after));

  const moved = await visit(page, `${server.origin}${postPath(before)}`);
  expect(moved.status).toBe(301);
  expect(new URL(moved.headers.location ?? "", server.origin).pathname).toBe(postPath(after));
  const renamed = await visit(page, `${server.origin}${postPath(after)}`);
  expect(renamed.status).toBe(200);
  expect(renamed.text).toContain("A post whose address changes after it went live.");
  for (const file of ["/secret/blog/rss.xml", "/sitemap.xml"]) {
    const listed = (await visit(page, `${server.origin}${file}`)).text;
    expect(listed, file).toContain(`${postPath(after)}<`);
    expect(listed, file).not.toContain(`${postPath(before)}<`);
  }
});

/** A photograph as a phone writes it: EXIF with the camera and where it was taken. */
const phonePhoto = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3a6ea5" } })
    .jpeg()
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

test("a phone's photo is uploaded, described, inserted and published without its location", async ({
  page,
}) => {
  const slug = "with-a-photo";
  const draft = await createDraft(
    page,
    server.origin,
    session,
    postFields(slug, "With a photo", "The front door of the studio, as the owner took it."),
  );
  const photo = await phonePhoto();
  // The file as uploaded does carry a location: the test proves it is dropped, not absent.
  const exif = (await sharp(photo).metadata()).exif;
  expect(exif && exifReader(exif).GPSInfo?.GPSLatitude).toEqual([48, 51, 2]);

  await openEditor(page, server.origin, draft.id);
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Image" }).click();
  const picker = page.getByRole("dialog", { name: "Insert an image" });
  await picker.getByLabel("Upload an image").setInputFiles({
    name: "IMG_0042.JPG",
    mimeType: "image/jpeg",
    buffer: photo,
  });
  await picker.getByLabel("What it shows").fill("The studio's blue front door");
  await picker.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(picker.getByText("Uploaded. It is first in the list.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await picker.getByRole("button", { name: /blue front door.*insert/ }).click();
  await expect(picker).toBeHidden();
  await expect(page.locator(".cm-content")).toContainText(
    "![The studio's blue front door](/media/",
  );
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await publishNow(page, postPath(slug));

  const live = await visit(page, `${server.origin}${postPath(slug)}`);
  // Typographic quotes on the page (docs/site.md, "Valid HTML and typography").
  expect(live.text).toMatch(/alt="The studio(’|&#x27;|')s blue front door"/);
  const id = /\/media\/([0-9a-f-]{36})\//.exec(live.text)?.[1];
  expect(id).toBeTruthy();
  // Every file the page names, and every one the library made (some only a wide screen asks for).
  const library = await page.request.get(`${server.origin}/api/media`, {
    headers: { "x-access-token": session.accessToken },
  });
  const record = ((await library.json()).media as MediaRecord[]).find((m) => m.id === id);
  expect(record?.usedBy).toHaveLength(1);
  const files = new Set([
    ...(live.text.match(new RegExp(`/media/${id}/[\\w.]+`, "g")) ?? []),
    ...(record ? filesOf(record) : []),
  ]);
  expect(files.size).toBeGreaterThanOrEqual(5);
  for (const file of files) {
    const response = await page.request.get(`${server.origin}${file}`);
    expect(response.status(), file).toBe(200);
    const bytes = await response.body();
    const meta = await sharp(bytes).metadata();
    expect(meta.exif, file).toBeUndefined();
    expect(meta.xmp, file).toBeUndefined();
    expect(bytes.includes("Exif\0"), file).toBe(false);
    expect(bytes.includes("Pixelphone"), file).toBe(false);
  }
});

type MediaRecord = {
  id: string;
  usedBy: unknown[];
  srcset: { avif: string; webp: string };
  fallback: string;
};

/** The address of every file a record names: its AVIF and WebP sizes and its fallback. */
const filesOf = (record: MediaRecord) => [
  ...[record.srcset.avif, record.srcset.webp].flatMap((set) =>
    set.split(", ").map((entry) => entry.split(" ")[0] ?? ""),
  ),
  record.fallback,
];
