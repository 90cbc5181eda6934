import { defineConfig } from "vitest/config";

// Unit and API tests run in Node without the React Router Vite plugin.
export default defineConfig({
  test: {
    include: ["{app,server,domain,scripts}/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
  },
});
