// The line of script at the end of every built page (scripts/prerender.ts) that shows the
// prerendered screen and starts the app once the page has painted. Plain ES5 in a string: it runs
// before any of the app's code has arrived.

/** When a page starts the app at the latest if no frame has painted (a page opened in the background). */
const AFTER_PAINT_AT_LATEST_MS = 250
/** A function, as page script, that starts the app after the first paint: the first screen's own
 *  preloads (the prepaint script's `__walletPreloads`: strings, a lazy screen's chunks), the modules
 *  the entry imports, then the entry, each asked for in a task of its own. A link costs the main
 *  thread one to two milliseconds on a slow core (its request starts there), and twenty in one task
 *  made it a long one (issue 32); nine in one task, after the first paint, were still 18 ms on one
 *  core, four times that on Lighthouse's phone (issue 51). A message between two tasks, not
 *  setTimeout, which from the fifth in a row waits 4 ms more each time. Once the page has painted
 *  (a hidden page paints no frame: after a moment anyway), so the first paint waits for no script
 *  and the screen's bytes come first. */
const startAfterPaint = (src: string, modules: string): string =>
  `function(){var d=0;function go(){if(d)return;d=1;var w=window.__walletPreloads,links=w?w():[];'${modules}'.split(' ').forEach(function(h){if(h)links.push({href:h})});var c=new MessageChannel();c.port1.onmessage=next;next();function next(){var l=links.shift();if(!l){c.port1.onmessage=null;var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src='${src}';document.head.appendChild(s);return}var e=document.createElement('link');if(l.as){e.rel='preload';e.as=l.as}else{e.rel='modulepreload';e.crossOrigin=''}e.href=l.href;document.head.appendChild(e);c.port2.postMessage(0)}}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,${AFTER_PAINT_AT_LATEST_MS})}`
/** The line that starts the app (after the templates of a prerendered page): it first shows the
 *  prerendered screen (the prepaint script defines that: src/prerender/show.ts; a page without its
 *  config has none, and shows index.html's splash), and starts the app after the first paint whatever happened;
 *  on an engine the app does not support (scripts/engineGate.ts) it does neither. */
export const startScript = (src: string, modules: string): string =>
  `<script>(function(start){if(window.__walletUnsupported)return;try{var show=window.__walletPrerendered;if(show)show()}finally{start()}})(${startAfterPaint(src, modules)})</script>`
