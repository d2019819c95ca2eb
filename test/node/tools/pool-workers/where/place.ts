// Imported by ../meta.ts from another folder: where this file is, as its import.meta tells.
export const PLACE = { url: import.meta.url, dirname: import.meta.dirname }
