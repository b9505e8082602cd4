import { jest } from '@jest/globals';
import type { OpenAPIObject } from '@nestjs/swagger';
import Fastify from 'fastify';
import { OPENAPI_PATH, serveOpenApi } from './openapi.route.js';

const DOC: OpenAPIObject = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} };

describe('serveOpenApi', () => {
  it('makes the document when it is first asked for, and once', async () => {
    const fastify = Fastify();
    const document = jest.fn(() => DOC);
    serveOpenApi(fastify, document);
    // a real request: fastify.inject's light-my-request loads an ES-only package jest cannot
    const url = `${await fastify.listen({ port: 0, host: '127.0.0.1' })}${OPENAPI_PATH}`;
    try {
      expect(document).not.toHaveBeenCalled();
      const first = await fetch(url);
      const second = await fetch(url);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = await first.text();
      expect(JSON.parse(body)).toEqual(DOC);
      expect(await second.text()).toBe(body);
      expect(document).toHaveBeenCalledTimes(1);
    } finally {
      await fastify.close();
    }
  });
});
