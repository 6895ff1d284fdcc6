import { act, renderHook } from '@testing-library/react';
import { loadFullStylesheet, useNavigate } from './full-stylesheet';

const push = jest.fn();
const replace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, replace, prefetch: jest.fn() }) }));

function disabledSheet() {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/_next/static/chunks/a.css';
  link.disabled = true;
  document.head.append(link);
  return link;
}

const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => {
  document.head.innerHTML = '';
  push.mockReset();
  replace.mockReset();
});

describe('useNavigate', () => {
  it('enables the whole stylesheet and navigates only once it has loaded', async () => {
    const link = disabledSheet();
    const { result } = renderHook(() => useNavigate());
    result.current.push('/courses/py-101/', { scroll: false });
    await tick();
    expect(link.disabled).toBe(false);
    expect(push).not.toHaveBeenCalled();
    link.dispatchEvent(new Event('load'));
    await tick();
    expect(push).toHaveBeenCalledWith('/courses/py-101/', { scroll: false });
  });

  it('navigates at once when the sheet is in already, and enables it only once', async () => {
    const link = disabledSheet();
    const first = loadFullStylesheet();
    link.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(true);
    link.disabled = true; // were it enabled again, the navigation would wait for a load that never comes
    const { result } = renderHook(() => useNavigate());
    result.current.replace('/category/python/sort/newest/');
    await tick();
    expect(replace).toHaveBeenCalledWith('/category/python/sort/newest/');
  });

  it('reports a sheet that fails to load, so that the navigation is left to the browser', async () => {
    const link = disabledSheet();
    const loaded = loadFullStylesheet();
    link.dispatchEvent(new Event('error'));
    await expect(loaded).resolves.toBe(false);
  });
});
