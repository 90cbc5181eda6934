import { site } from "../domain/site.ts";
import { absoluteUrl, shareImageFor } from "./seo.ts";

/** schema.org Article (or a subtype) for blog posts and guides. */
export function articleJsonLd(input: {
  type?: "Article" | "BlogPosting" | "TechArticle";
  url: string;
  title: string;
  description: string;
  published: string;
  modified?: string;
  author: string;
}) {
  return {
    "@context": "https://schema.org",
    "@type": input.type ?? "Article",
    headline: input.title,
    description: input.description,
    url: input.url,
    mainEntityOfPage: input.url,
    datePublished: input.published,
    dateModified: input.modified ?? input.published,
    image: [shareImageFor(new URL(input.url).pathname, input.title).url],
    author: {
      "@type": "Person",
      name: input.author,
      // The team is introduced on /about.
      url: absoluteUrl("/about"),
      worksFor: { "@type": "Organization", name: site.name },
    },
    publisher: {
      "@type": "Organization",
      name: site.name,
      logo: { "@type": "ImageObject", url: absoluteUrl("/apple-touch-icon.png") },
    },
  };
}
