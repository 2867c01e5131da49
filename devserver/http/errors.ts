/**
 * Error envelopes. Every failure a route can report is an ApiError: the dispatcher turns it into
 * `{"result":"error","msg":...,"code":...,<extra>}` with the given HTTP status, so route code only
 * says what went wrong, never how to encode it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    msg: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

/** 400 BAD_REQUEST: the generic "this request makes no sense" error. */
export function badRequest(msg: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(400, 'BAD_REQUEST', msg, extra);
}

/** 400 REQUEST_VARIABLE_MISSING, as Zulip answers a missing required parameter. */
export function missingParam(name: string): ApiError {
  return new ApiError(400, 'REQUEST_VARIABLE_MISSING', `Missing '${name}' argument`, { var_name: name });
}

/** 400 BAD_REQUEST with `parameters`, for mutually exclusive parameters sent together. */
export function incompatibleParams(names: string[]): ApiError {
  const parameters = names.join(', ');
  return badRequest(`Unsupported parameter combination: ${parameters}`, { parameters });
}

export function unauthorized(msg = 'Not logged in: API authentication or user session required'): ApiError {
  return new ApiError(401, 'UNAUTHORIZED', msg);
}

export const invalidApiKey = (): ApiError => new ApiError(401, 'INVALID_API_KEY', 'Invalid API key');
export const userDeactivated = (): ApiError => new ApiError(401, 'USER_DEACTIVATED', 'Account is deactivated');
export const realmDeactivated = (): ApiError =>
  new ApiError(401, 'REALM_DEACTIVATED', 'This organization is deactivated');

export function badEventQueue(queueId: string): ApiError {
  return new ApiError(400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, { queue_id: queueId });
}

export function channelNameNotFound(name: string): ApiError {
  return new ApiError(400, 'STREAM_DOES_NOT_EXIST', `Channel '${name}' does not exist`, { stream: name });
}

export function channelIdNotFound(id: number): ApiError {
  return new ApiError(400, 'STREAM_DOES_NOT_EXIST', `Channel with ID '${id}' does not exist`, { stream_id: id });
}

/** 400 BAD_NARROW, Zulip's code for a narrow it cannot build a query from. */
export function badNarrow(desc: string): ApiError {
  return new ApiError(400, 'BAD_NARROW', `Invalid narrow operator: ${desc}`, { desc });
}
