export const PRECACHE_LIMIT: number;
export function startupAssets(html: string, basePath?: string): Set<string>;
export function shellUrl(file: string, basePath?: string): string;
export function run(options: { outDir: string; basePath: string }): Promise<string>;
