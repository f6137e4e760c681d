export { http, requestVisitorToken, setHttpBaseUrl, setHttpSession, type HttpSession } from './http';
export { HttpError, isAbortError, networkErrorCode } from './http-error';
export type { Query, RequestOptions } from './http-client';
export { useRequestsInFlight } from './in-flight';
export { describeHttpError, errorKeys, type ErrorOverrides } from './describe-http-error';
