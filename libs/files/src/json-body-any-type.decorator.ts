import { addRouteConfig } from '#envelope';

/** Route config key the api's any-type JSON hook looks for (apps/api/src/http). */
export const JSON_ANY_TYPE = 'hvoJsonAnyType';

/**
 * Marks a route whose body is JSON whatever its Content-Type says: the reference's export
 * handler reads its body as JSON without looking at the type, and the reference's own client
 * sends it as application/octet-stream (zvmsdk/tests/fvt/test_utils.py file_export).
 */
export const JsonBodyAnyType = (): MethodDecorator => addRouteConfig({ [JSON_ANY_TYPE]: true });
