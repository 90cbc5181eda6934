import { describe, expect, it } from "vitest";
import { databaseTrouble } from "./unavailable.ts";

const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("databaseTrouble", () => {
  it("calls a database that did not answer in time a timeout", () => {
    for (const error of [
      new Error("Query read timeout"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated due to connection timeout"),
      coded("57014", "canceling statement due to statement timeout"),
      coded("55P03", "canceling statement due to lock timeout"),
      Object.assign(new Error("database is locked"), { errcode: 5 }),
    ])
      expect(databaseTrouble(error), error.message).toBe("timeout");
  });

  it("calls a connection that broke or could not be made lost, however deep it is wrapped", () => {
    for (const error of [
      coded("57P01", "terminating connection due to administrator command"),
      coded("57P05", "terminating connection due to idle-session timeout"),
      coded("08006"),
      coded("08007", "transaction resolution unknown"),
      coded("53300", "too many connections"),
      coded("25P03", "terminating connection due to idle-in-transaction timeout"),
      new Error("Connection terminated unexpectedly"),
      new Error("Client has encountered a connection error and is not queryable"),
      new Error("wrapped", { cause: coded("ECONNREFUSED") }),
      new AggregateError([coded("ECONNRESET")], "all attempts failed"),
    ])
      expect(databaseTrouble(error), error.message).toBe("lost");
  });

  it("leaves bugs, bad queries and everything else alone", () => {
    for (const error of [
      new Error("Cannot read properties of undefined"),
      coded("23505", "duplicate key value violates unique constraint"),
      coded("42P01", 'relation "leads" does not exist'),
      coded("22P02", "invalid input syntax for type uuid"),
      Object.assign(new Error("constraint failed"), { errcode: 19 }),
      "a string",
      undefined,
    ])
      expect(databaseTrouble(error)).toBeNull();
  });
});
