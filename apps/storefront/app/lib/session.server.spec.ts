import { signInPath } from './navigation';
import { safeRedirect } from './session.server';

describe('safeRedirect', () => {
  it.each([
    ['/\t/evil.example'], // browsers drop the tab: //evil.example
    ['/\n/evil.example'],
    ['/\\evil.example'], // a backslash is read as a slash
    ['/\\/evil.example'],
    ['//evil.example'],
    ['%2F%2Fevil.example'],
    ['/%09/evil.example'], // decodes to the tab form
    ['/%2F%2Fevil.example'],
    ['https://evil.example'],
    ['javascript:alert(1)'],
    [' /dashboard'],
    [''],
  ])('refuses %j and falls back to /dashboard', (target) => {
    expect(safeRedirect(target)).toBe('/dashboard');
  });

  it('refuses values that are not strings', () => {
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(safeRedirect(undefined, '/home')).toBe('/home');
  });

  it.each([
    ['/dashboard', '/dashboard'],
    ['/product/3?x=1#y', '/product/3?x=1#y'],
    ['/settings?q=profile', '/settings?q=profile'],
    ['/search?q=%2F%2Fphones', '/search?q=%2F%2Fphones'],
  ])('follows the same-site path %j', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});

describe('signInPath: the one "sign in and come back" link of the guards and the pages', () => {
  it('carries the path and its query to the login page, which follows it only on this site', () => {
    expect(signInPath('/product/3')).toBe('/login?redirectTo=%2Fproduct%2F3');
    expect(signInPath('/settings/kyc?x=1')).toBe('/login?redirectTo=%2Fsettings%2Fkyc%3Fx%3D1');
    expect(signInPath('/')).toBe('/login');
    expect(signInPath('')).toBe('/login');
    const back = new URL(signInPath('/product/3'), 'http://site.invalid').searchParams.get('redirectTo');
    expect(safeRedirect(back)).toBe('/product/3');
    const offSite = new URL(signInPath('/\t/evil.example'), 'http://site.invalid').searchParams.get('redirectTo');
    expect(safeRedirect(offSite)).toBe('/dashboard');
  });
});
