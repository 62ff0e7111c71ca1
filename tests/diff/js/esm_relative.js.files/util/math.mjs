export const twice = (x) => x * 2;
export const inSubdir = import.meta.url.endsWith('/util/math.mjs');
