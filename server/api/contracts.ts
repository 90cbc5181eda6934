import type { FastifyInstance, FastifySchemaValidationError, RouteOptions } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";

/**
 * Requests are validated and responses serialized by the zod schemas of domain/endpoints.ts
 * (docs/decisions/010). A response is encoded through its status's schema, so a field the
 * schema does not name (a password hash, an internal column) never leaves the server.
 */
export function compileWithContracts(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/**
 * The first problem's own text as the error message: the schemas carry the fixed texts in the
 * fixed order (docs/product.md, "Validation order and texts"), so "Invalid email. Please fix
 * and try again" reaches the client as is.
 */
export const firstProblem = (errors: FastifySchemaValidationError[]) =>
  new Error(errors[0]?.message || "The request is not valid.");

/** Paths that must be described by a contract: the API and the health checks. */
const contractPath = /^\/(?:api(?:\/|$)|healthz$|readyz$)/;

/**
 * Refuses, at start-up, an API route registered without a contract (a response schema),
 * unless it is explicitly hidden from the reference (the reference page's own files).
 */
export function requireContracts(app: FastifyInstance) {
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!contractPath.test(route.url) || route.schema?.hide) return;
    if (!route.schema?.response) {
      throw new Error(
        `${route.method} ${route.url} has no contract: describe it in domain/endpoints.ts`,
      );
    }
  });
}

/**
 * The app with handler types taken from the schemas. Routes spread their endpoint
 * (`api.route({ ...endpoints.login, handler })`): method, path and schema, from one place.
 */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
