import { Container, Eyebrow } from "../../components/layout.tsx";
import { privateMeta } from "../../seo.ts";

export const meta = () => privateMeta("Spam");

/** Placeholder while the Spam view is built. */
export default function AdminSpam() {
  return (
    <Container className="pt-6">
      <Eyebrow>Studio admin</Eyebrow>
      <h1 className="mt-1 text-title font-bold">Spam</h1>
    </Container>
  );
}
