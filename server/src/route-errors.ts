import { apiErrorSchema } from '#contract/errors';

/**
 * The error answers a route lists in its schema, for the API docs and the serializer: every one
 * has the API's one error shape, so a route only names its statuses.
 */
export function errorAnswers<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    Status,
    typeof apiErrorSchema
  >;
}
