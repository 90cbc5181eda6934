/**
 * Where a form asks for its timing token (endpoints.contactToken). A module of its own: the
 * page frame asks for the token as the page is shown, and must not carry the forms' texts
 * into every page's script (ADR 014's budget).
 */
export const contactTokenPath = "/api/leads/contact-token";
