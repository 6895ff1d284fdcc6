/** The first-paint script's entry: bundled into each page's inline script (components/layout/first-paint-script.tsx). */
import { startFirstPaint } from './first-paint';

startFirstPaint(document);
