import { site } from "../../domain/site.ts";
import { blogPosts } from "../content/collections.server.ts";
import { blogPostPath } from "../content/public-paths.server.ts";
import { escapeXml } from "../content/xml.ts";
import { absoluteUrl } from "../seo.ts";

const rfc822 = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`).toUTCString();

/**
 * A post's HTML for a feed reader, which reads it away from the site: links and images to this
 * site's own paths made absolute (a feed has no base to resolve "/guides" against).
 */
const absoluteLinks = (html: string) =>
  html.replace(
    /(\s(?:href|src))="\/(?!\/)/g,
    (_, attribute: string) => `${attribute}="${absoluteUrl("/")}`,
  );

/** How many posts the feed carries. */
const feedLength = 30;

/** Prerendered to build/client/secret/blog/rss.xml: the journal as RSS 2.0 with full text. */
export function loader() {
  // The newest posts, in full: readers keep what they have read, and a feed of every post
  // would grow with the journal and make every publish re-render and re-send all of it.
  const posts = blogPosts().slice(0, feedLength);
  const items = posts.map((post) => {
    const url = absoluteUrl(blogPostPath(post.slug));
    return `    <item>
      <title>${escapeXml(post.meta.title)}</title>
      <link>${url}</link>
      <guid isPermaLink="true">${url}</guid>
      <pubDate>${rfc822(post.meta.date)}</pubDate>
      <dc:creator>${escapeXml(post.meta.author)}</dc:creator>
      <description>${escapeXml(post.meta.description)}</description>
      <content:encoded><![CDATA[${absoluteLinks(post.html).replaceAll("]]>", "]]]]><![CDATA[>")}]]></content:encoded>
${post.meta.tags.map((t) => `      <category>${escapeXml(t)}</category>`).join("\n")}
    </item>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${escapeXml(`${site.name} — Journal`)}</title>
    <link>${absoluteUrl("/secret/blog")}</link>
    <atom:link href="${absoluteUrl("/secret/blog/rss.xml")}" rel="self" type="application/rss+xml"/>
    <description>${escapeXml("Notes from the studio on building and looking after small-business websites.")}</description>
    <language>en-us</language>
    <lastBuildDate>${posts[0] ? rfc822(posts[0].meta.date) : new Date().toUTCString()}</lastBuildDate>
${items.join("\n")}
  </channel>
</rss>
`;
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
