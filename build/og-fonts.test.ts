/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { emojiFile, emojiImage, fontFilesFor, isRightToLeft, loadAdditionalAsset, scriptFonts } from './og-fonts';

/** The code points a fontsource subset file covers, from its package's unicode.json. */
function covers(file: string, text: string): boolean {
  const family = path.basename(path.dirname(path.dirname(file)));
  const subset = path
    .basename(file)
    .slice(family.length + 1)
    .replace(/-\d+-normal\.woff$/, '');
  const ranges = JSON.parse(
    readFileSync(path.join('node_modules/@fontsource', family, 'unicode.json'), 'utf8'),
  ) as Record<string, string>;
  const list = ranges[subset] ?? ranges[`[${subset}]`]!;
  return [...text].every((char) =>
    list.split(',').some((range) => {
      const [from = '', to = from] = range.trim().replace(/^U\+/i, '').split('-');
      const code = char.codePointAt(0)!;
      return code >= parseInt(from, 16) && code <= parseInt(to, 16);
    }),
  );
}

describe('scriptFonts', () => {
  it.each([
    ['ar-AR', 'بايثون للمبتدئين', 'noto-sans-arabic'],
    ['he-IL', 'פיתוח אתרים', 'noto-sans-hebrew'],
    ['devanagari', 'पायथन प्रोग्रामिंग', 'noto-sans-devanagari'],
    ['ko-KR', '데이터 과학', 'noto-sans-kr'],
    ['ja-JP', 'データ分析入門', 'noto-sans-sc'],
    // Han alone: satori names every language it could be.
    ['ja-JP|zh-CN|zh-TW|zh-HK', '机器学习入门', 'noto-sans-sc'],
  ])('gives %s text fonts of Noto that hold every character, at both weights', async (script, text, family) => {
    const fonts = await scriptFonts(script, text);
    expect(fonts.length).toBeGreaterThan(0);
    expect(new Set(fonts.map((font) => font.weight))).toEqual(new Set([400, 800]));
    const files = fontFilesFor(family, text);
    for (const char of text.replace(/\s/g, '')) {
      expect(files.some((file) => covers(file, char))).toBe(true);
    }
    // One name per file: satori keeps a single font per name and weight.
    expect(new Set(fonts.map((font) => `${font.name} ${font.weight}`)).size).toBe(fonts.length);
    for (const font of fonts) expect(font.data.subarray(0, 4).toString('latin1')).toBe('wOFF');
  });

  it('reads only the slices of a CJK font that the text needs', () => {
    const files = fontFilesFor('noto-sans-sc', '机器');
    expect(files.length).toBeLessThanOrEqual(4);
    expect(files.every((file) => file.endsWith('.woff'))).toBe(true);
  });

  it('gives nothing for a script it has no font for', async () => {
    expect(await scriptFonts('th-TH', 'ภาษาไทย')).toEqual([]);
  });
});

describe('emoji', () => {
  it.each([
    ['🚀', '1f680.svg'],
    ['✨', '2728.svg'],
    ['👩‍💻', '1f469-200d-1f4bb.svg'],
    ['🇯🇵', '1f1ef-1f1f5.svg'],
    // Twemoji names drop the variation selector...
    ['❤️', '2764.svg'],
    // ...except in some ZWJ sequences, whose file keeps it.
    ['🏃🏻‍♀️', '1f3c3-1f3fb-200d-2640-fe0f.svg'],
  ])('finds Twemoji’s picture of %s', (emoji, file) => {
    expect(path.basename(emojiFile(emoji)!)).toBe(file);
  });

  it('gives satori an SVG data URI for an emoji, and nothing for an unknown one', async () => {
    const image = await loadAdditionalAsset('emoji', '🚀');
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from((image as string).split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(await emojiImage('\u{10FFFD}')).toBe('');
  });
});

describe('isRightToLeft', () => {
  it('is true for text whose first letter is Arabic or Hebrew, even after digits or marks', () => {
    expect(isRightToLeft('بايثون للمبتدئين')).toBe(true);
    expect(isRightToLeft('«101» פיתוח אתרים: HTML')).toBe(true);
  });

  it('is false for text that starts in a left-to-right script', () => {
    expect(isRightToLeft('Marketing 101 — التسويق الرقمي')).toBe(false);
    expect(isRightToLeft('机器学习')).toBe(false);
    expect(isRightToLeft('123')).toBe(false);
  });
});
