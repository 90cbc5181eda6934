/**
 * Loads the page frame's script once the first paint is on screen, not before (issue 13,
 * ADR 019). Fetched with the page, the frame competed with the font for the phone's first
 * round trips and its run landed before the first paint; it only adds behaviour to a page
 * that already works without it, so it can wait a frame. The URL rides on the tag
 * (`data-frame`), so this text, and its hash in the CSP, never change between builds.
 *
 * The paint entry is queued when the first paint is presented; where Paint Timing is
 * missing, the load event (plus a beat) starts it instead. Either way it runs once.
 */
export const frameLoaderScript = `(function(t){var u=t.dataset.frame,s=0;function go(){if(s)return;s=1;setTimeout(function(){var m=document.createElement("script");m.type="module";m.src=u;document.body.appendChild(m)})}try{new PerformanceObserver(go).observe({type:"paint",buffered:true})}catch(e){}addEventListener("load",function(){setTimeout(go,300)})})(document.currentScript);`;
