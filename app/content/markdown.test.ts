import { describe, expect, it } from "vitest";
import { renderMarkdown, textOf } from "./markdown.server.ts";
import { slugify } from "./slug.ts";

describe("typographic quotes", () => {
  it("curls quotes and apostrophes in prose, across bold and links, and never in code", () => {
    const { html } = renderMarkdown(
      [
        `She said "it's **done**" and '90s sites aren't '**simple**'.`,
        "",
        'Set `class="x"` and `it\'s`, then:',
        "",
        "```html",
        `<a href="/">Don't</a>`,
        "```",
      ].join("\n"),
    );
    expect(html).toContain(
      "She said \u201cit\u2019s <strong>done</strong>\u201d and \u201990s sites aren\u2019t \u2018<strong>simple</strong>\u2019.",
    );
    expect(html).toContain("<code>class=&quot;x&quot;</code>");
    expect(html).toContain("<code>it&#39;s</code>");
    expect(html).toContain("&lt;a href=&quot;/&quot;&gt;Don&#39;t&lt;/a&gt;");
  });
});

describe("markdown headings", () => {
  it("gives a heading with quotes and an apostrophe plain text and a clean id", () => {
    const { html, headings } = renderMarkdown(
      `## The "five D's" & why they're not <em>magic</em>\n\nBody.`,
    );
    expect(headings).toEqual([
      {
        depth: 2,
        text: "The \u201cfive D\u2019s\u201d & why they\u2019re not magic",
        id: "the-five-ds-why-theyre-not-magic",
      },
    ]);
    expect(html).toContain('<h2 id="the-five-ds-why-theyre-not-magic">');
    // Typographic quotes in the heading, and nothing escaped twice.
    expect(html).toContain("\u201cfive D\u2019s\u201d &amp; why they\u2019re");
    expect(html).not.toMatch(/&amp;(quot|#39);|&quot;|&#39;/);
  });

  it("handles curly apostrophes, numeric entities and unknown entities", () => {
    expect(slugify("Who it’s for")).toBe("who-its-for");
    expect(textOf("a &#39;b&#39; &#x2014; &nbsp;c &lt;d&gt;")).toBe("a 'b' — &nbsp;c <d>");
  });

  it("numbers repeated headings and prefixes ids when asked", () => {
    const source = "## Who it's for\n\n## Who it's for\n";
    expect(renderMarkdown(source).headings.map((h) => h.id)).toEqual([
      "who-its-for",
      "who-its-for-2",
    ]);
    expect(renderMarkdown(source, { idPrefix: "night-" }).headings.map((h) => h.id)).toEqual([
      "night-who-its-for",
      "night-who-its-for-2",
    ]);
  });
});
