import { type FastifyInstance, errorCodes } from 'fastify';
import { STREAM_BODY } from '#files';

/**
 * `application/octet-stream` bodies are handed over unread, as the request stream, to routes
 * marked @StreamBody() (PUT /files), which stream them to disk: multi-GB uploads are never
 * buffered, and Fastify's body limit (it applies only to bodies Fastify reads itself) is
 * replaced by the route's own. Every other route refuses them with 415.
 */
export function registerOctetStreamParser(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('application/octet-stream', (req, payload, done) => {
    const config = req.routeOptions.config as unknown as Record<string, unknown> | undefined;
    if (config?.[STREAM_BODY]) return done(null, payload);
    done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(), undefined);
  });
}
