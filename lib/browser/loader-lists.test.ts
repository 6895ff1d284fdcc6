import { payloadFileName } from './loader-lists';

const pageWith = (html: string) => {
  document.body.innerHTML = html;
  return document;
};

describe('payloadFileName', () => {
  it("is the name of the payload file the export wrote on the page's loader lists", () => {
    const page = pageWith('<script data-startup="/a.js" data-payload="/storefront/courses/py-101/index.txt"></script>');
    expect(payloadFileName(page)).toBe('index.txt');
  });

  it('is undefined on a page without the lists, or whose lists name no file', () => {
    expect(payloadFileName(pageWith('<main></main>'))).toBeUndefined();
    expect(
      payloadFileName(pageWith('<script data-startup="/a.js" data-payload="/courses/"></script>')),
    ).toBeUndefined();
  });
});
