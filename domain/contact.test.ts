import { describe, expect, it } from "vitest";
import { validateContact } from "./contact.ts";
import { contactTexts } from "./contact-texts.ts";
import { isValidEmail } from "./email.ts";
import { limits } from "./limits.ts";

const valid = {
  email: "rosa@bakery.example",
  firstName: "Rosa",
  lastName: "Delgado",
  message: "Hi",
};

describe('validateContact (docs/product.md, "Validation order and texts")', () => {
  it.each([
    ["", contactTexts.invalidEmail],
    ["   ", contactTexts.invalidEmail],
    ["rosa", contactTexts.invalidEmail],
    ["rosa@", contactTexts.invalidEmail],
    ["rosa@bakery", contactTexts.invalidEmail],
    ["ro sa@bakery.example", contactTexts.invalidEmail],
    ["rosa@@bakery.example", contactTexts.invalidEmail],
    ["rosa@bakery..example", contactTexts.invalidEmail],
    ["rosa@-bakery.example", contactTexts.invalidEmail],
    [`${"a".repeat(64)}@${"b".repeat(250)}.example`, contactTexts.invalidEmail],
  ])("rejects email %j", (email, message) => {
    expect(validateContact({ ...valid, email })).toEqual({ ok: false, message });
  });

  it("accepts an address of exactly 320 characters and rejects 321", () => {
    const domain = `${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(60)}.${"g".repeat(60)}.example`; // 252
    const at320 = `${"l".repeat(320 - domain.length - 1)}@${domain}`;
    expect(at320).toHaveLength(limits.email);
    expect(isValidEmail(at320)).toBe(true);
    expect(isValidEmail(`l${at320}`)).toBe(false);
  });

  it("checks in the spec's order: email, then first name, then last name", () => {
    expect(validateContact({ email: "", firstName: "", lastName: "" })).toEqual({
      ok: false,
      message: contactTexts.invalidEmail,
    });
    expect(validateContact({ email: valid.email, firstName: "", lastName: "" })).toEqual({
      ok: false,
      message: contactTexts.invalidFirstName,
    });
    expect(validateContact({ email: valid.email, firstName: "Rosa", lastName: " " })).toEqual({
      ok: false,
      message: contactTexts.invalidLastName,
    });
  });

  it("checks its own bounds only after the spec's rules", () => {
    expect(
      validateContact({ email: valid.email, firstName: "x".repeat(101), lastName: " " }),
    ).toEqual({ ok: false, message: contactTexts.invalidLastName });
    expect(
      validateContact({ ...valid, firstName: "x".repeat(101), message: "m".repeat(5001) }),
    ).toEqual({ ok: false, message: contactTexts.nameTooLong });
  });

  it("refuses NUL in any field, and keeps whatever else a paste brings into the message", () => {
    expect(validateContact({ ...valid, message: "a\u0000b" })).toEqual({
      ok: false,
      message: contactTexts.invalidMessage,
    });
    expect(validateContact({ ...valid, firstName: "Ro\u0000sa" })).toEqual({
      ok: false,
      message: contactTexts.invalidFirstName,
    });
    expect(
      validateContact({ ...valid, message: "From Word:\f\vsee below\r\n\tthanks" }),
    ).toMatchObject({
      ok: true,
    });
  });

  // The characters themselves: domain/api.test.ts (nameCheck).
  it("refuses a name with a control or a direction override, with the name's text", () => {
    for (const character of ["\u202e", "\u0085"]) {
      const name = `Ann${character}gnp.exe`;
      expect(validateContact({ ...valid, firstName: name })).toEqual({
        ok: false,
        message: contactTexts.invalidFirstName,
      });
      expect(validateContact({ ...valid, lastName: name })).toEqual({
        ok: false,
        message: contactTexts.invalidLastName,
      });
    }
    expect(validateContact({ ...valid, firstName: "محمد", lastName: "Nguyễn" })).toMatchObject({
      ok: true,
    });
  });

  it("uses the spec's texts exactly", () => {
    expect(contactTexts.invalidEmail).toBe("Invalid email. Please fix and try again");
    expect(contactTexts.invalidFirstName).toBe("Invalid first name. Please fix and try again");
    expect(contactTexts.invalidLastName).toBe("Invalid last name. Please fix and try again");
    expect(contactTexts.success).toBe("We'll be in touch shortly!");
    expect(contactTexts.failure).toBe("Submission failed. Please try again!");
  });

  it("does not validate the message, and trims the fields", () => {
    expect(validateContact({ ...valid, message: undefined })).toEqual({
      ok: true,
      value: { email: valid.email, firstName: "Rosa", lastName: "Delgado", message: "" },
    });
    expect(
      validateContact({
        email: " rosa@bakery.example ",
        firstName: " Rosa ",
        lastName: "Delgado",
        message: " Hi ",
      }),
    ).toMatchObject({
      ok: true,
      value: { email: "rosa@bakery.example", firstName: "Rosa", message: "Hi" },
    });
  });

  it("treats non-strings as empty", () => {
    expect(validateContact({ ...valid, email: 42 })).toEqual({
      ok: false,
      message: contactTexts.invalidEmail,
    });
    expect(validateContact({ ...valid, firstName: ["Rosa"] })).toEqual({
      ok: false,
      message: contactTexts.invalidFirstName,
    });
  });

  it("bounds names and messages", () => {
    expect(validateContact({ ...valid, firstName: "x".repeat(101) })).toEqual({
      ok: false,
      message: contactTexts.nameTooLong,
    });
    expect(validateContact({ ...valid, message: "x".repeat(5001) })).toEqual({
      ok: false,
      message: contactTexts.messageTooLong,
    });
  });
});
