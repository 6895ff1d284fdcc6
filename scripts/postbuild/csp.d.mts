export function inlineScriptHashes(html: string): string[];
export function contentSecurityPolicy(scriptHashes: string[]): string;
export function insertCspMeta(html: string, policy: string): string;
export function findUnsafeMarkup(html: string): string[];
export function run(options: { outDir: string; basePath: string }): Promise<string>;
