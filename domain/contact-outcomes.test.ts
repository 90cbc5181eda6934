import { describe, expect, it } from "vitest";
import { contactOutcomes, outcomeForMessage } from "./contact-outcomes.ts";
import { contactTexts } from "./contact-texts.ts";

describe("no-JavaScript contact outcomes", () => {
  it("gives every validation message a page that shows that same message", () => {
    for (const message of [
      contactTexts.invalidEmail,
      contactTexts.invalidFirstName,
      contactTexts.invalidLastName,
      contactTexts.nameTooLong,
      contactTexts.messageTooLong,
      contactTexts.invalidMessage,
    ]) {
      expect(contactOutcomes[outcomeForMessage(message)].message).toBe(message);
    }
  });

  it("falls back to the spec's failure text for anything else", () => {
    expect(outcomeForMessage("something unexpected")).toBe("failed");
    expect(contactOutcomes.failed.message).toBe("Submission failed. Please try again!");
  });
});
