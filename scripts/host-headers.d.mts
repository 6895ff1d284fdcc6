export type SecurityHeader = { name: string; value: string; https?: boolean };
export const SECURITY_HEADERS: SecurityHeader[];
export const IMMUTABLE: string;
export const REVALIDATE: string;
export const CACHE_RULES: { path: string; value: string }[];
export function headersFor(pathname: string): Record<string, string>;
export function headersFile(basePath?: string): string;
export function nginxSnippet(basePath?: string): string;
export const COMMITTED: { file: string; text: () => string }[];
