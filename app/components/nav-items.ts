/** Primary navigation, shared by the desktop bar, the mobile menu and the footer. */
export type NavItem = { readonly label: string; readonly to: string };

export const primaryNav: readonly NavItem[] = [
  { label: "Home", to: "/" },
  { label: "Events", to: "/events" },
  { label: "Guides", to: "/guides" },
  { label: "About", to: "/about" },
  { label: "Previous Work", to: "/previous-work" },
];

/** Only the mobile menu adds Services, a fixed rule (docs/product.md, "The page frame"). */
export const mobileOnlyNav: readonly NavItem[] = [{ label: "Services", to: "/about#services" }];

export const contactHref = "/home#contact-us";

/** The booking page (ADR 022): every "Book a free call" goes here. */
export const bookHref = "/book";
