/** A blog post as the studio posts it: flat fields beside type, slug and body. */
export const newPost = {
  type: "post",
  slug: "spring-checklist",
  title: "A spring checklist for your shop's website",
  description:
    "Ten minutes, twelve checks: what to look at on your website each spring before the busy season.",
  date: "2027-03-01",
  author: "Nora Whitfield",
  section: "field-notes",
  tags: ["checklist"],
  body: "## Start here\n\nCheck your hours first.\n",
};
