// The baseline every figure of `npm run bench` is printed beside: Fastify answering a small JSON
// body with nothing else in the request path, in its own process like the api.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
app.listen({ port: 0, host: '127.0.0.1' }).then(
  (url) => console.log(`raw fastify listening on ${url}`),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
