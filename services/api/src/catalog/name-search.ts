// How the catalog's lists match a keyword: anywhere in the name, case-insensitively, its own wildcards taken literally.
export const containing = (keyword: string): string => `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
