import { CALLER, SMAPI_FIXTURES, type WireFixture } from '#testing';
import { SMAPI_FUNCTIONS } from '../protocol.js';
import { encodeRequest } from './request.codec.js';
import { decodeResponse } from './response.codec.js';
import { SMAPI_MAPPINGS } from './smapi.mappings.js';

/**
 * The service's side of every fixture (bytes spelled from the reference's layouts, in
 * libs/testing/src/smapi-fixtures): its request is the fixture's bytes, and it reads the
 * fixture's response as the fixture says.
 */
const named = (f: WireFixture): string => (f.title ? `${f.fn}: ${f.title}` : f.fn);
const calls = SMAPI_FIXTURES.filter((f) => f.call !== undefined);

describe('SMAPI fixtures, the client side', () => {
  it('has a request and a response for every function the service calls', () => {
    expect(new Set(calls.map((f) => f.fn))).toEqual(new Set(SMAPI_FUNCTIONS));
  });

  it.each(calls.map((f) => [named(f), f] as const))('%s: request bytes', (_, f) => {
    const call = f.call!;
    const mapping = SMAPI_MAPPINGS[f.fn];
    const target = mapping.callerAsTarget ? CALLER.userid : call.target;
    const bytes = encodeRequest(
      f.fn,
      { ...CALLER, target },
      mapping.toWire(call.params, call.target),
    );
    expect(bytes.toString('hex')).toBe(f.request.toString('hex'));
  });

  it.each(SMAPI_FIXTURES.map((f) => [named(f), f] as const))('%s: response read', (_, f) => {
    const decoded = decodeResponse(f.fn, f.response);
    expect([decoded.rc, decoded.rs]).toEqual([f.reply.rc, f.reply.rs]);
    if (f.call && 'output' in f && f.reply.rc === 0) {
      expect(SMAPI_MAPPINGS[f.fn].fromWire(decoded.output)).toEqual(f.output);
    }
  });
});
