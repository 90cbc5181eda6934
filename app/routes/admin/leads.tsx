import { Container, Eyebrow } from "../../components/layout.tsx";
import { privateMeta } from "../../seo.ts";

export const meta = () => privateMeta("Leads");

/** Guarded by the admin layout. The lead tracker itself is built by the next issue. */
export default function AdminLeads() {
  return (
    <Container className="pt-6 md:pt-8">
      <Eyebrow>Studio admin</Eyebrow>
      <h1 className="mt-1 text-title font-bold">Leads</h1>
    </Container>
  );
}
