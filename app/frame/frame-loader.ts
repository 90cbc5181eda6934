/**
 * Loads the page frame's script once the first paint is on screen, not before (ADR 019).
 * Fetched with the page, the frame competed with the font for the phone's first round trips
 * and its run landed before the first paint; it only adds behaviour to a page that already
 * works without it, so it can wait a frame. The URL rides on the tag (`data-frame`), so this
 * text, and its hash in the CSP, never change between builds.
 *
 * The first-contentful-paint entry is queued when the page's first text is presented (not
 * first-paint, which can be a bare background hundreds of milliseconds earlier). Only a
 * browser without Paint Timing waits for the load event instead: as a fallback beside the
 * paint entry, a late first paint on a busy phone came after the load, and the frame before
 * it. A page never shown needs no frame; a prerendered page reports its paint when shown.
 */
export const frameLoaderScript = `(function(t){var u=t.dataset.frame,s=0,P=window.PerformanceObserver;function go(){if(s)return;s=1;setTimeout(function(){var m=document.createElement("script");m.type="module";m.src=u;document.body.appendChild(m)})}if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)new P(function(l){l.getEntriesByName("first-contentful-paint").length&&go()}).observe({type:"paint",buffered:true});else addEventListener("load",go)})(document.currentScript);`;
