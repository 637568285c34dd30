import { readInput } from './live-view.service';

describe(readInput.name, () => {
  it('keeps what an input of its kind needs, within the viewport', () => {
    expect(readInput({ kind: 'click', x: 100, y: 200 })).toEqual({ kind: 'click', x: 100, y: 200 });
    expect(readInput({ kind: 'move', x: 5000, y: -3 })).toEqual({ kind: 'move', x: 1280, y: 0 });
    expect(readInput({ kind: 'scroll', x: 1, y: 1, deltaY: 1e9 })).toEqual({ kind: 'scroll', x: 1, y: 1, deltaX: undefined, deltaY: 5000 });
    expect(readInput({ kind: 'key', key: 'Enter' })).toMatchObject({ kind: 'key', key: 'Enter' });
    expect(readInput({ kind: 'text', text: '13800000000' })).toMatchObject({ kind: 'text', text: '13800000000' });
  });

  it('drops what the worker must not dispatch, whatever reached Redis', () => {
    expect(readInput({ kind: 'close' })).toBeNull();
    expect(readInput({ kind: 'eval', text: 'alert(1)' })).toBeNull();
    expect(readInput({ kind: 'key', key: 'F12' })).toBeNull();
    expect(readInput({ kind: 'text', text: 'x'.repeat(501) })).toBeNull();
    expect(readInput({ kind: 'text', text: 42 })).toBeNull();
  });
});
