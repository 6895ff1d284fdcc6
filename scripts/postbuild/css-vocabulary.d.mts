export function selectorAttributes(css: string): Map<string, boolean>;
export function vocabularyKey(html: string, links: string[], attributes: Map<string, boolean>): string;
