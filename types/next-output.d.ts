/*
 * Facts of Next's output that browser code needs, folded in at build time from
 * build/next-output.ts (BROWSER_DEFINES), which alone spells them.
 */
declare const __NEXT_STATIC_DIR__: string;
declare const __NEXT_PAYLOAD_QUEUE__: string;
declare const __NEXT_RSC_PARAM__: string;
