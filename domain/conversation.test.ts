import { describe, expect, it } from "vitest";
import { fillPlaceholders, placeholderProblem, replySubject, splitQuoted } from "./conversation.ts";

describe("placeholders", () => {
  it("knows {{firstName}}, {{lastName}} and {{bookingLink}}, with or without spaces", () => {
    expect(placeholderProblem("Hi {{firstName}} {{ lastName }}, {{bookingLink}}")).toBeNull();
    expect(
      fillPlaceholders("Hi {{ firstName }} {{lastName}}: {{bookingLink}}", {
        firstName: "Rosa",
        lastName: "Delgado",
        bookingLink: "https://fineline.studio/book",
      }),
    ).toBe("Hi Rosa Delgado: https://fineline.studio/book");
  });

  it("names an unknown one, or braces left open, before anything is sent", () => {
    expect(placeholderProblem("Hi {{company}}")).toBe(
      "Unknown placeholder {{company}}. Use {{firstName}}, {{lastName}} or {{bookingLink}}.",
    );
    expect(placeholderProblem("Hi {{FirstName}}")).toMatch(
      /^Unknown placeholder \{\{FirstName\}\}/,
    );
    expect(placeholderProblem("Hi {{firstName}")).toMatch(/^A placeholder is not closed/);
    expect(placeholderProblem("Hi firstName}}")).toMatch(/^A placeholder is not closed/);
    expect(placeholderProblem("A { brace } is fine")).toBeNull();
  });

  it("fills a value once: a name that looks like a placeholder stays text", () => {
    expect(
      fillPlaceholders("Hi {{firstName}}", {
        firstName: "{{bookingLink}}",
        lastName: "",
        bookingLink: "https://x.example",
      }),
    ).toBe("Hi {{bookingLink}}");
  });
});

describe("a reply's subject", () => {
  it("says Re: once", () => {
    expect(replySubject("Re: RE: Aw: New site")).toBe("Re: New site");
    expect(replySubject("Question")).toBe("Re: Question");
    expect(replySubject("  ")).toBe("Re: your message to Fineline Studio");
  });
});

describe("quoted text in a reply", () => {
  it("folds from the attribution line down", () => {
    const text =
      "Tuesday works.\n\nRosa\n\nOn Mon, Nov 23, 2026 at 9:00 AM Fineline Studio <hello@fineline.studio> wrote:\n> Hello Rosa,\n> when can we talk?";
    expect(splitQuoted(text)).toEqual({
      own: "Tuesday works.\n\nRosa",
      quoted:
        "On Mon, Nov 23, 2026 at 9:00 AM Fineline Studio <hello@fineline.studio> wrote:\n> Hello Rosa,\n> when can we talk?",
    });
  });

  it("folds a trailing quote without attribution, and keeps inline quotes", () => {
    expect(splitQuoted("Yes.\n> Can you?\n\n> Thanks")).toEqual({
      own: "Yes.",
      quoted: "> Can you?\n\n> Thanks",
    });
    const inline = "> Can you do Tuesday?\nYes, Tuesday.\n> And a budget?\nAbout 5k.";
    expect(splitQuoted(inline)).toEqual({ own: inline, quoted: "" });
  });
});
