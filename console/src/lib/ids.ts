// Ids in addresses: a screen opened with a malformed one says "not found" at once instead of asking the server.
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string | undefined | null): value is string => !!value && uuidPattern.test(value);
