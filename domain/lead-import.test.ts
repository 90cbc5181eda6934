import { describe, expect, it } from "vitest";
import { type ColumnMapping, importTexts, mapColumns, readRow } from "./lead-import.ts";

const columns = (headers: string[]) => mapColumns(headers) as ColumnMapping;

describe("the columns of an import", () => {
  it("matches the tracker's, HubSpot's and Pipedrive's names, ignoring case and spacing", () => {
    const hubspot = columns([
      "First Name",
      "last_name",
      "EMAIL",
      "Phone Number",
      "Lifecycle Stage",
    ]);
    expect(hubspot.matched).toEqual({
      "First Name": "FirstName",
      last_name: "LastName",
      EMAIL: "Email",
      "Phone Number": "Phone",
    });
    expect(hubspot.unknown).toEqual(["Lifecycle Stage"]);
    const pipedrive = columns(["Person - Name", "Person - Email", "Deal value"]);
    expect(pipedrive.matched).toEqual({
      "Person - Name": "Name",
      "Person - Email": "Email",
      "Deal value": "Value",
    });
    const own = columns(["ID", "FirstName", "Email", "CreatedAt", "CommStatus"]);
    expect(own.ignored).toEqual(["ID", "CreatedAt"]);
  });

  it("refuses a file without an e-mail column, and reports a second one as unknown", () => {
    expect(mapColumns(["Name", "Phone"])).toEqual({ message: importTexts.noEmail });
    expect(columns(["Email", "E-mail"]).unknown).toEqual(["E-mail"]);
  });
});

describe("a row of an import", () => {
  const mapping = columns(["Email", "Name", "Lead Status", "Value", "Next follow-up", "Phone"]);

  it("reads a whole name, statuses in any case, values with separators and a phone", () => {
    expect(
      readRow(
        ["ana@example.com", "Ana Maria Lopes", "hot", "$1,200", "2027-01-04", "+1 5"],
        mapping,
      ),
    ).toEqual({
      row: {
        email: "ana@example.com",
        firstName: "Ana Maria",
        lastName: "Lopes",
        message: "",
        notes: "",
        phone: "+1 5",
        note: "Phone: +1 5",
        commStatus: null,
        leadStatus: "HOT",
        value: 1200,
        nextFollowUp: "2027-01-04",
      },
    });
  });

  it("says what is wrong with a bad row", () => {
    const message = (cells: string[]) => (readRow(cells, mapping) as { message: string }).message;
    expect(message(["not an address"])).toBe(importTexts.badEmail);
    expect(message(["a@example.com", "Bad\u202Ename"])).toBe(importTexts.badFirstName);
    expect(message(["a@example.com", "", "customer"])).toBe(importTexts.badLeadStatus);
    expect(message(["a@example.com", "", "", "12.5"])).toBe(importTexts.badValue);
    expect(message(["a@example.com", "", "", "", "04/01/2027"])).toBe(importTexts.badFollowUp);
  });
});
