export const STATUS_DESCRIPTIONS: Record<number, string> = {
  200: 'Success',
  201: 'Created',
  202: 'Accepted: the operation is still queued or running; `output` is the operation',
  400: 'Invalid input: `errmsg` names the field and value',
  401: 'No valid X-Auth-Token',
  404: 'Does not exist',
  409: 'Conflict: already exists, or not in a state that allows it',
  413: 'The request body is too large',
  415: 'The body is not of the type the route reads (Content-Type)',
  422: 'The Idempotency-Key was used before with a different body',
  500: 'Failed: the envelope carries the return and reason codes',
  503: 'The job queue is unavailable',
};
