/** Absolute origin baked in at build time from SITE_URL (see vite.config.ts). */
declare const __SITE_URL__: string;

/** The URL of the page frame's script, built as its own entry (scripts/frame-entry-plugin.ts). */
declare module "virtual:frame-script" {
  const url: string;
  export default url;
}
