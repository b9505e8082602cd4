import { REQUEST_ID, SMAPI_FIXTURES, type WireFixture } from '#testing';
import { wireOutput } from './wire.output.js';
import { wireParams, wireTarget } from './wire.params.js';
import { decodeWireRequest } from './wire.request.js';
import { encodeWireResponse } from './wire.response.js';

/**
 * The simulator's side of every fixture (bytes spelled from the reference's layouts, in
 * libs/testing/src/smapi-fixtures): it reads the request into its handler's target and params,
 * and writes the handler's answer as exactly the fixture's response bytes.
 */
const named = (f: WireFixture): string => (f.title ? `${f.fn}: ${f.title}` : f.fn);
const cases = SMAPI_FIXTURES.map((f) => [named(f), f] as const);

describe('SMAPI fixtures, the simulator side', () => {
  it.each(cases)('%s: request read', (_, f) => {
    const req = decodeWireRequest(f.request.subarray(4));
    expect(req.fn).toBe(f.fn);
    expect(wireTarget(req)).toBe(f.handler.target);
    expect(wireParams(req.fn, req.values)).toEqual(f.handler.params);
  });

  it.each(cases)('%s: response bytes', (_, f) => {
    const req = decodeWireRequest(f.request.subarray(4));
    const output = wireOutput(f.fn, f.reply, req.values, { now: f.now ?? 0 });
    const bytes = encodeWireResponse(f.fn, REQUEST_ID, f.reply.rc, f.reply.rs, output);
    expect(bytes.toString('hex')).toBe(f.response.toString('hex'));
  });
});
