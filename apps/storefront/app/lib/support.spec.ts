import { readId, supportHref, supportStatusTone } from './support';

describe('Support Center helpers', () => {
  it('builds its URLs and reads ids strictly', () => {
    expect(supportHref({})).toBe('/support');
    expect(supportHref({ page: 1, open: 7 })).toBe('/support?open=7');
    expect(supportHref({ page: 2, open: 7, sent: 7 })).toBe('/support?page=2&open=7&sent=7');
    expect(readId('12')).toBe(12);
    expect(readId('0')).toBe(0);
    expect(readId('1e3')).toBe(0);
    expect(readId('99999999999')).toBe(0);
    expect(readId(null)).toBe(0);
  });

  it('colours the statuses: Open yellow, In Progress blue, Closed grey', () => {
    expect(supportStatusTone(1)).toBe('warning');
    expect(supportStatusTone(2)).toBe('info');
    expect(supportStatusTone(0)).toBe('default');
  });
});
