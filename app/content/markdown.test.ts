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
      `## The "five D's" & why they're not *magic*\n\nBody.`,
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

describe("Markdown written in the studio is inert", () => {
  it("shows raw HTML as text, inline and as a block", () => {
    const { html } = renderMarkdown(
      'Hi <script>alert(1)</script> there\n\n<img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>\n',
    );
    expect(html).not.toMatch(/<script|<img|<iframe/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
  });

  it("keeps safe links and drops javascript:, data: and disguised schemes", () => {
    const { html } = renderMarkdown(
      [
        "[home](/home#contact-us) [site](https://example.com) [mail](mailto:a@b.c) [call](tel:+1912)",
        "[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html,<b>x</b>)",
        "[d](java&#x09;script:alert(1)) [e](vbscript:x) [f](//evil.example/x)",
        "![pic](javascript:alert(1)) ![ok](/media/abc/800.webp)",
      ].join("\n\n"),
    );
    expect(html).toContain('<a href="/home#contact-us">home</a>');
    expect(html).toContain('<a href="https://example.com">site</a>');
    expect(html).toContain('<a href="mailto:a@b.c">mail</a>');
    expect(html).toContain('<a href="tel:+1912">call</a>');
    expect(html).not.toMatch(/javascript|vbscript|data:|evil\.example/i);
    expect(html).toContain('<img src="/media/abc/800.webp" alt="ok">');
    // The refused links keep their words, as plain text.
    expect(html).toContain("<p>a b c</p>");
    expect(html).toContain("<p>d e f</p>");
  });
});
