/**
 * Where a build writes: the fresh folder under builds/ that `npm run build` (scripts/build.ts)
 * hands every step in BUILD_DIRECTORY, or build/ itself for a step run on its own. Servers read
 * build/, which points at the newest finished build.
 */
export const buildDirectory = () => process.env.BUILD_DIRECTORY ?? "build";
