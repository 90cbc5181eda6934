import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blogPostSchema, caseStudySchema, eventSchema } from "../../domain/content-schema.ts";
import {
  blogPosts,
  ContentError,
  caseStudies,
  events,
  loadCollection,
  parseEntry,
  wordpressGuides,
} from "./collections.server.ts";

const validPost = `---
title: "A good post"
description: "A description long enough to be a useful meta description for search engines."
date: "2026-05-01"
author: "Theo Marchetti"
section: "building"
tags: ["maintenance"]
---

## Hello

Some words here.
`;

describe("content schema", () => {
  it("accepts a valid post and derives slug, html, headings and reading time", () => {
    const entry = parseEntry("content/blog/good-post.md", validPost, blogPostSchema);
    expect(entry.slug).toBe("good-post");
    expect(entry.meta.section).toBe("building");
    expect(entry.html).toContain('<h2 id="hello">Hello</h2>');
    expect(entry.headings).toEqual([{ depth: 2, text: "Hello", id: "hello" }]);
    expect(entry.readingMinutes).toBe(1);
  });

  it("gives the frontmatter's prose typographic quotes, like the body", () => {
    const source = validPost
      .replace('title: "A good post"', `title: "The owner's \\"five Ds\\""`)
      .replace("Some words here.", `Some "words" here.`);
    const entry = parseEntry("content/blog/good-post.md", source, blogPostSchema);
    expect(entry.meta.title).toBe("The owner\u2019s \u201cfive Ds\u201d");
    expect(entry.meta.date).toBe("2026-05-01");
    expect(entry.html).toContain("Some \u201cwords\u201d here.");
  });

  it("shifts headings down when embedded under a page's own heading", () => {
    const entry = parseEntry("e.md", validPost, blogPostSchema, "e.md", { headingOffset: 2 });
    expect(entry.html).toContain('<h4 id="hello">Hello</h4>');
    expect(entry.headings[0]?.depth).toBe(2);
  });

  it("fails with the file path and the field when a field is wrong", () => {
    const broken = validPost.replace('date: "2026-05-01"', 'date: "May 1st"');
    expect(() => parseEntry("content/blog/broken.md", broken, blogPostSchema)).toThrowError(
      /content\/blog\/broken\.md: invalid frontmatter\n\s+date: must be a date written YYYY-MM-DD/,
    );
  });

  it("names a missing field", () => {
    const broken = validPost.replace(/author: .*\n/, "");
    expect(() => parseEntry("content/blog/x.md", broken, blogPostSchema)).toThrowError(
      /x\.md[\s\S]*author/,
    );
  });

  it("rejects unknown fields so typos do not pass silently", () => {
    const broken = validPost.replace("tags:", 'autor: "Nora"\ntags:');
    expect(() => parseEntry("content/blog/x.md", broken, blogPostSchema)).toThrowError(/autor/);
  });

  it("reports invalid YAML with the path", () => {
    const broken = validPost.replace('title: "A good post"', "title: [unclosed");
    expect(() => parseEntry("content/blog/y.md", broken, blogPostSchema)).toThrowError(
      /content\/blog\/y\.md: frontmatter is not valid YAML/,
    );
  });

  it("accepts unquoted YAML dates", () => {
    const entry = parseEntry(
      "p.md",
      validPost.replace('"2026-05-01"', "2026-05-01"),
      blogPostSchema,
    );
    expect(entry.meta.date).toBe("2026-05-01");
  });

  it("checks case studies have exactly three results", () => {
    const study = `---
title: "T"
client: "C"
description: "A description long enough to be a useful meta description for search engines."
date: "2026-01-01"
industry: "Cafés"
location: "Savannah"
duration: "8 weeks"
summary: "A summary long enough to pass."
services: ["SEO"]
stack: ["React", "Node"]
results:
  - value: "+1"
    label: "one thing"
---
Body`;
    expect(() => parseEntry("content/case-studies/t.md", study, caseStudySchema)).toThrowError(
      /title[\s\S]*results: must list exactly three results/,
    );
  });

  it("requires a venue for in-person events and end after start", () => {
    const event = `---
title: "Clinic"
description: "A description long enough to be a useful meta description for search engines."
start: "2027-01-21T18:00:00-05:00"
end: "2027-01-21T17:00:00-05:00"
format: "in-person"
price: "Free"
capacity: 20
announced: "2026-10-01"
---
Body`;
    expect(() => parseEntry("content/events/e.md", event, eventSchema)).toThrowError(
      /end: must be after start/,
    );
    expect(() => parseEntry("content/events/e.md", event, eventSchema)).toThrowError(
      /venue: is required/,
    );
  });

  it("requires a whole number of seats, and an announcement before the event", () => {
    const event = (extra: string) => `---
title: "Clinic"
description: "A description long enough to be a useful meta description for search engines."
start: "2027-01-21T18:00:00-05:00"
end: "2027-01-21T20:00:00-05:00"
format: "online"
onlineNote: "A link arrives the day before."
price: "Free"
${extra}
---
Body`;
    expect(() =>
      parseEntry("e.md", event('capacity: 2.5\nannounced: "2026-10-01"'), eventSchema),
    ).toThrowError(/capacity/);
    expect(() =>
      parseEntry("e.md", event('capacity: 20\nannounced: "2027-02-01"'), eventSchema),
    ).toThrowError(/announced: must be before the event starts/);
    expect(
      parseEntry("e.md", event('capacity: 20\nannounced: "2026-10-01"'), eventSchema).meta.capacity,
    ).toBe(20);
  });

  it("fails a whole collection on its one bad file, naming it", () => {
    const root = mkdtempSync(path.join(tmpdir(), "content-"));
    mkdirSync(path.join(root, "blog"));
    writeFileSync(path.join(root, "blog", "good.md"), validPost);
    writeFileSync(
      path.join(root, "blog", "bad.md"),
      validPost.replace(/section: .*/, 'section: "gossip"'),
    );
    expect(() => loadCollection(root, "blog", blogPostSchema)).toThrowError(ContentError);
    expect(() => loadCollection(root, "blog", blogPostSchema)).toThrowError(
      /bad\.md[\s\S]*section/,
    );
  });
});

describe("the site's own content", () => {
  it("has the four required blog posts, each 500+ words", () => {
    const posts = blogPosts();
    expect(posts.map((p) => p.slug).sort()).toEqual(
      expect.arrayContaining(["bitdrift", "caliban", "the-5-Ds"]),
    );
    expect(posts.some((p) => /^to-[a-z]+$/.test(p.slug))).toBe(true);
    expect(posts.some((p) => p.meta.section === "building")).toBe(true);
    for (const post of posts) expect(post.words, post.file).toBeGreaterThanOrEqual(500);
  });

  it("has both WordPress guides, each 500+ words", () => {
    const guides = wordpressGuides();
    expect(guides.map((g) => g.slug)).toEqual(["intro", "coupon-code-discount-support-specialist"]);
    for (const guide of guides) expect(guide.words, guide.file).toBeGreaterThanOrEqual(500);
  });

  it("has both case studies with the four sections", () => {
    const studies = caseStudies();
    expect(studies.map((s) => s.slug).sort()).toEqual(["longue-vue", "magnolia-mornings"]);
    for (const study of studies) {
      expect(study.headings.map((h) => h.text)).toEqual(
        expect.arrayContaining(["The client", "The challenge", "What we built", "Results"]),
      );
    }
  });

  it("has at least three events, some upcoming and some past, each with no h1 of its own", () => {
    const all = events();
    // Each event's page gives it its h1 (its title); the write-up's sections are h2.
    for (const event of all) {
      expect(event.html, event.file).not.toMatch(/<h1[\s>]/);
      expect(event.html, event.file).toMatch(/<h2 id="[a-z0-9-]+"/);
    }
    expect(all.length).toBeGreaterThanOrEqual(3);
    const now = Date.parse("2026-11-22T00:00:00Z");
    expect(all.some((e) => Date.parse(e.meta.start) > now)).toBe(true);
    expect(all.some((e) => Date.parse(e.meta.end) < now)).toBe(true);
  });
});
