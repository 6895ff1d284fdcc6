import { fireEvent } from '@testing-library/react';
import { startFirstPaint } from '@/lib/browser/first-paint';

/*
 * The script runs as the page's <body> starts, with no framework: these tests give it plain
 * markup (the shapes the components render) and no React at all.
 */
beforeAll(() => {
  startFirstPaint(document);
});

beforeEach(() => {
  delete document.documentElement.dataset.hydrated;
  window.location.hash = '';
});

function renderTabs() {
  document.body.innerHTML = `
    <div role="tablist">
      ${['python', 'web', 'data']
        .map(
          (name, index) =>
            `<button role="tab" id="t-${name}" aria-controls="p-${name}" aria-selected="${index === 0}" tabindex="${index === 0 ? 0 : -1}"><span>${name}</span></button>`,
        )
        .join('')}
    </div>
    <div role="tabpanel" id="p-python">python courses</div>
    <div role="tabpanel" id="p-web" hidden>web courses</div>
    <div role="tabpanel" id="p-data" hidden>data courses</div>`;
  const tab = (name: string) => document.getElementById(`t-${name}`)!;
  const shown = () => [...document.querySelectorAll<HTMLElement>('[role=tabpanel]')].filter((panel) => !panel.hidden);
  const selected = () => [...document.querySelectorAll('[aria-selected=true]')].map((element) => element.id);
  return { tab, shown, selected };
}

describe('the first-paint script', () => {
  it('selects a tapped tab and shows only its panel, with the roving tabindex', () => {
    const { tab, shown, selected } = renderTabs();
    fireEvent.click(tab('web').querySelector('span')!);
    expect(selected()).toEqual(['t-web']);
    expect(shown().map((panel) => panel.id)).toEqual(['p-web']);
    expect(['python', 'web', 'data'].map((name) => tab(name).tabIndex)).toEqual([-1, 0, -1]);
  });

  it('moves the selection and the focus with the arrows (wrapping), Home and End', () => {
    const { tab, shown, selected } = renderTabs();
    tab('python').focus();
    const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
    press('ArrowLeft');
    expect(selected()).toEqual(['t-data']);
    expect(document.activeElement).toBe(tab('data'));
    press('ArrowRight');
    expect(selected()).toEqual(['t-python']);
    press('End');
    expect(selected()).toEqual(['t-data']);
    press('Home');
    expect(selected()).toEqual(['t-python']);
    press('ArrowRight');
    expect(shown().map((panel) => panel.id)).toEqual(['p-web']);
    expect(document.activeElement).toBe(tab('web'));
    press('a');
    expect(selected()).toEqual(['t-web']);
  });

  it('keeps switching tabs after hydration: the tabs have no other handler', () => {
    const { tab, selected } = renderTabs();
    document.documentElement.dataset.hydrated = 'true';
    fireEvent.click(tab('data'));
    expect(selected()).toEqual(['t-data']);
  });

  it('loads the page of the chosen option until hydration, and leaves the select alone after', () => {
    document.body.innerHTML = `<select><option value="a" data-href="#order-a">A</option><option value="b" data-href="#order-b">B</option></select>`;
    const select = document.querySelector('select')!;
    fireEvent.change(select, { target: { value: 'b' } });
    expect(window.location.hash).toBe('#order-b');
    document.documentElement.dataset.hydrated = 'true';
    fireEvent.change(select, { target: { value: 'a' } });
    expect(window.location.hash).toBe('#order-b');
  });

  it('ignores a change in a field that names no page', () => {
    document.body.innerHTML = `<input name="q" /><select><option value="a">A</option></select>`;
    fireEvent.change(document.querySelector('input')!, { target: { value: 'python' } });
    fireEvent.change(document.querySelector('select')!, { target: { value: 'a' } });
    expect(window.location.hash).toBe('');
  });

  it('follows a button’s data-href until hydration', () => {
    document.body.innerHTML = `<button type="button" data-href="#site-search"><svg></svg></button>`;
    const button = document.querySelector('button')!;
    fireEvent.click(button.querySelector('svg')!);
    expect(window.location.hash).toBe('#site-search');
    window.location.hash = '';
    document.documentElement.dataset.hydrated = 'true';
    fireEvent.click(button);
    expect(window.location.hash).toBe('');
  });

  it('opens and closes a dialog from its invoker buttons where the browser has no invokers, until hydration', () => {
    document.body.innerHTML = `
      <button type="button" command="show-modal" commandfor="menu">Open</button>
      <dialog id="menu"><button type="button" command="close" commandfor="menu">Close</button></dialog>`;
    const dialog = document.querySelector('dialog')!;
    // jsdom has neither invokers nor a modal dialog: stand in for the dialog's two methods.
    dialog.showModal = jest.fn(() => dialog.setAttribute('open', ''));
    dialog.close = jest.fn(() => dialog.removeAttribute('open'));
    const [open, close] = document.querySelectorAll('button');
    fireEvent.click(open!);
    expect(dialog.showModal).toHaveBeenCalledTimes(1);
    fireEvent.click(open!);
    expect(dialog.showModal).toHaveBeenCalledTimes(1);
    fireEvent.click(close!);
    expect(dialog.close).toHaveBeenCalledTimes(1);
    document.documentElement.dataset.hydrated = 'true';
    fireEvent.click(open!);
    expect(dialog.showModal).toHaveBeenCalledTimes(1);
  });
  describe("the course preview's player", () => {
    /** The preview dialog as components/course/preview-dialog.tsx renders it. */
    function renderPreview() {
      document.body.innerHTML =
        '<dialog id="course-preview"><video preload="none" data-poster="/p.webp"><source src="/v.mp4"></video></dialog>';
      const dialog = document.querySelector('dialog')!;
      return { dialog, video: dialog.querySelector('video')! };
    }

    it('gives the video its poster when an invoker opens the dialog, and not before', () => {
      const { dialog, video } = renderPreview();
      expect(video.getAttribute('poster')).toBeNull();
      // 'command' does not bubble: the script hears it on its way down.
      dialog.dispatchEvent(new Event('command'));
      expect(video.getAttribute('poster')).toBe('/p.webp');
    });

    it('keeps a poster the video already has', () => {
      const { dialog, video } = renderPreview();
      video.setAttribute('poster', '/other.webp');
      dialog.dispatchEvent(new Event('command'));
      expect(video.getAttribute('poster')).toBe('/other.webp');
    });

    it('pauses the video when the dialog closes, and ignores a dialog without one', () => {
      const { dialog, video } = renderPreview();
      const pause = jest.spyOn(video, 'pause').mockImplementation(() => {});
      dialog.dispatchEvent(new Event('close'));
      expect(pause).toHaveBeenCalledTimes(1);
      // The sidebar's dialog has no video: its closing is no error (a listener's throw reaches window).
      const errors: unknown[] = [];
      const onError = (event: ErrorEvent) => errors.push(event.error);
      window.addEventListener('error', onError);
      document.body.innerHTML = '<dialog id="menu"><p>Categories</p></dialog>';
      document.querySelector('dialog')!.dispatchEvent(new Event('close'));
      window.removeEventListener('error', onError);
      expect(errors).toEqual([]);
    });
  });

  describe("'Expand all sections'", () => {
    function renderSections(open: readonly boolean[]) {
      document.body.innerHTML = `
        <button type="button" aria-controls="sections" data-expand-all><span>Expand</span><span>Collapse</span></button>
        <ol id="sections">${open.map((isOpen, index) => `<li><details${isOpen ? ' open' : ''}><summary>Section ${index + 1}</summary>…</details></li>`).join('')}</ol>`;
      const button = document.querySelector('button')!;
      const sections = () => [...document.querySelectorAll('details')].map((section) => section.open);
      // jsdom fires no 'toggle' event: send the one a browser queues after each change.
      const toggled = () => document.querySelector('details')!.dispatchEvent(new Event('toggle'));
      return { button, sections, toggled };
    }

    it('opens every section, then closes them all, before and after hydration alike', () => {
      const { button, sections } = renderSections([false, true, false]);
      fireEvent.click(button.querySelector('span')!);
      expect(sections()).toEqual([true, true, true]);
      document.documentElement.dataset.hydrated = 'true';
      fireEvent.click(button);
      expect(sections()).toEqual([false, false, false]);
      fireEvent.click(button);
      expect(sections()).toEqual([true, true, true]);
    });

    it('marks the button while every section is open, however they were opened', () => {
      const { button, toggled } = renderSections([false, false]);
      const sections = [...document.querySelectorAll('details')];
      sections[0]!.open = true;
      toggled();
      expect(button).not.toHaveAttribute('data-all-open');
      sections[1]!.open = true;
      toggled();
      expect(button).toHaveAttribute('data-all-open');
      sections[0]!.open = false;
      toggled();
      expect(button).not.toHaveAttribute('data-all-open');
    });
  });
});
