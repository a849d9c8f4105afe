import { loadConfig } from './config';

describe('the problem queue settings (issue 26)', () => {
  it('reads per-status stalled hours and the unpaid days, with defaults', () => {
    expect(loadConfig({}).problemQueue).toEqual({
      stalledHours: { 1: 336, 2: 168, 3: 120, 4: 168, 5: 1080, 6: 72 },
      unpaidDays: 7,
    });
    expect(loadConfig({ PROBLEM_STALLED_HOURS: '1=2, 6=24', PROBLEM_UNPAID_DAYS: '3' }).problemQueue).toEqual({
      stalledHours: { 1: 2, 6: 24 },
      unpaidDays: 3,
    });
  });

  it('refuses a final status, a bad pair or bad days at boot', () => {
    expect(() => loadConfig({ PROBLEM_STALLED_HOURS: '7=10' })).toThrow(/PROBLEM_STALLED_HOURS/);
    expect(() => loadConfig({ PROBLEM_STALLED_HOURS: '1=0' })).toThrow(/PROBLEM_STALLED_HOURS/);
    expect(() => loadConfig({ PROBLEM_UNPAID_DAYS: 'soon' })).toThrow(/PROBLEM_UNPAID_DAYS/);
  });
});
