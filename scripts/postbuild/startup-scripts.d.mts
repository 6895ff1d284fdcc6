export const LOADER: string;
export const FLIGHT_DIR: string;
export function startupScriptUrls(html: string): string[];
export function startupStylesheetUrls(html: string): string[];
export function startupFlightUrl(html: string): string;
export function takeFlight(html: string): { html: string; flight: string } | null;
export function flightFileName(flight: string): string;
export function deferStartupScripts(html: string, flightUrl?: string): string | null;
export function run(options: { outDir: string; basePath: string }): Promise<string>;
