/**
 * The ceiling for bench:api: the same Fastify, one JSON POST route that stores nothing,
 * answering like the contact endpoint. Run as its own process so both servers are measured
 * the same way. `PORT` from the environment.
 */
import Fastify from "fastify";

const app = Fastify({ logger: false, bodyLimit: 16 * 1024 });
app.post("/api/leads/contact-us", async (_request, reply) =>
  reply.code(201).send({ message: "We'll be in touch shortly!" }),
);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
