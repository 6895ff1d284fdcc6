export const LOADER: string;
export function startupScriptUrls(html: string): string[];
export function startupStylesheetUrls(html: string): string[];
export function deferStartupScripts(html: string): string | null;
export function run(options: { outDir: string; basePath: string }): Promise<string>;
