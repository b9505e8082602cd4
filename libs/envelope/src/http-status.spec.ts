import { Errors } from './error-catalogue.js';
import { ModID } from './mod-id.js';
import { httpStatusOf, ruleErrorStatuses } from './http-status.js';

const env = (o: number, rc: number, rs: number, errmsg = '') => ({ overallRC: o, rc, rs, errmsg });

describe('httpStatusOf (reference §1.5)', () => {
  it('maps success and the pass-through classes', () => {
    expect(httpStatusOf(env(0, 0, 0))).toBe(200);
    for (const code of [400, 404, 409, 501, 503])
      expect(httpStatusOf(env(code, code, 1))).toBe(code);
    expect(httpStatusOf(env(100, 100, 3))).toBe(400);
  });

  it('sends other failures to 500 unless the endpoint rule says otherwise', () => {
    expect(httpStatusOf(env(8, 400, 4))).toBe(500); // DELETE guest: default rule only
    expect(httpStatusOf(env(8, 400, 4), 'notFound')).toBe(404);
    expect(httpStatusOf(env(8, 200, 4), 'notFound')).toBe(404);
    expect(httpStatusOf(env(8, 400, 8), 'alreadyExists')).toBe(409);
    expect(httpStatusOf(env(8, 400, 8), 'notFound')).toBe(500);
    expect(httpStatusOf(env(300, 300, 5), 'notFoundAndConflict')).toBe(409);
    expect(httpStatusOf(env(300, 300, 20), 'notFoundAndConflict')).toBe(404);
    expect(httpStatusOf(env(300, 300, 3, 'vdev not linked; not in CP directory'), 'notFound')).toBe(
      404,
    );
    expect(httpStatusOf(env(300, 300, 3, 'other'), 'notFound')).toBe(500);
  });

  it('answers 200 whatever the envelope on always-200 endpoints', () => {
    expect(httpStatusOf(env(404, 404, 1), 'always200')).toBe(200);
  });
});

describe('error catalogue', () => {
  it('builds envelopes with the reference codes', () => {
    expect(Errors.unauthorized().toEnvelope()).toMatchObject({
      overallRC: 400,
      rc: 400,
      rs: 401,
      modID: 120,
      output: '',
    });
    expect(Errors.unauthorized().httpStatus).toBe(401);
    expect(Errors.notExist(10, "Guest 'X'").toEnvelope()).toMatchObject({
      overallRC: 404,
      rs: 1,
      modID: 10,
      errmsg: "Guest 'X' does not exist.",
    });
    expect(Errors.notImplemented(ModID.GUEST, 'f').toEnvelope().modID).toBe(10);
    expect(Errors.smapi(400, 8, 'exists').toEnvelope()).toMatchObject({
      overallRC: 8,
      rc: 400,
      rs: 8,
      modID: 1,
    });
  });
});

describe('ruleErrorStatuses (what the OpenAPI document lists)', () => {
  it('lists the statuses each rule maps to, and 500 for the rest', () => {
    expect(ruleErrorStatuses('always200')).toEqual([]);
    expect(ruleErrorStatuses('default')).toEqual([500]);
    expect(ruleErrorStatuses('notFound')).toEqual([404, 500]);
    expect(ruleErrorStatuses('alreadyExists')).toEqual([409, 500]);
    expect(ruleErrorStatuses('conflict')).toEqual([409, 500]);
    expect(ruleErrorStatuses('notFoundAndConflict')).toEqual([404, 409, 500]);
  });
});
