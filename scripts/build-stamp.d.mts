// Types for src/test/build-stamp.test.ts.
export const BUILD_INPUTS: string[];
export const STAMP_FILE: string;
export function sourcesHash(root: string, inputs?: string[]): string;
export function needsBuild(root: string, hash?: string): boolean;
