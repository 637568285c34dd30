import { survivorChanges } from './lead-merges.service';

const lead = (createdAt: string, values: Record<string, unknown> = {}) => ({ id: createdAt, createdAt, source: null, mergeId: null, name: '吴十', email: null, note: null, ...values });

describe(survivorChanges.name, () => {
  it('takes the chosen fields that differ, and nothing the administrator did not choose', () => {
    const survivor = lead('2026-11-28T00:00:00+00:00', { name: '吴十', email: 'a@example.com', note: '已联系' });
    const merged = lead('2026-11-29T00:00:00+00:00', { name: '吴 十', email: 'b@example.com', note: null });
    expect(survivorChanges(survivor, merged, ['email', 'note'])).toEqual({ email: 'b@example.com', note: null });
    expect(survivorChanges(survivor, merged, [])).toEqual({});
    expect(survivorChanges(survivor, { ...merged, email: 'a@example.com' }, ['email'])).toEqual({});
  });

  it('keeps the earliest first touch: the source of whichever lead with one arrived first', () => {
    const wechat = { utm_source: 'wechat' };
    const douyin = { utm_source: 'douyin' };
    // The merged lead came first.
    expect(survivorChanges(lead('2026-11-28T00:00:00+00:00', { source: douyin }), lead('2026-11-20T00:00:00+00:00', { source: wechat }), [])).toEqual({ source: wechat });
    // The survivor came first: its own stays.
    expect(survivorChanges(lead('2026-11-20T00:00:00+00:00', { source: douyin }), lead('2026-11-28T00:00:00+00:00', { source: wechat }), [])).toEqual({});
    // The earlier lead has none: the later one's is the first known.
    expect(survivorChanges(lead('2026-11-20T00:00:00+00:00'), lead('2026-11-28T00:00:00+00:00', { source: wechat }), [])).toEqual({ source: wechat });
    expect(survivorChanges(lead('2026-11-28T00:00:00+00:00', { source: douyin }), lead('2026-11-20T00:00:00+00:00'), [])).toEqual({});
  });
});
