const focusableSelector = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The mobile menu is a modal <dialog> opened by invoker commands (commandfor/command), so the
 * browser opens and closes it before any script has loaded. This adds what the markup cannot:
 * the same for browsers without invoker commands, Tab kept inside the open menu, and the menu
 * closed by a link that only moves within the page (a full page load needs nothing).
 * Listeners are delegated, so a screen React re-renders keeps them.
 */
export function enhanceMenu(): void {
  const invokerCommands = "command" in HTMLButtonElement.prototype;
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>("button[commandfor]");
    if (button && !invokerCommands) {
      const dialog = document.getElementById(button.getAttribute("commandfor") ?? "");
      if (dialog instanceof HTMLDialogElement) {
        if (button.getAttribute("command") === "show-modal" && !dialog.open) dialog.showModal();
        if (button.getAttribute("command") === "close") dialog.close();
      }
      return;
    }
    const link = target?.closest("a[href]");
    const dialog = link?.closest("dialog[open]");
    if (dialog instanceof HTMLDialogElement) dialog.close();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const dialog = document.querySelector<HTMLDialogElement>("dialog[data-menu][open]");
    if (!dialog) return;
    const items = [...dialog.querySelectorAll<HTMLElement>(focusableSelector)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
}
