// Every area the console declares (console/src/areas.ts), for every role with a sandbox login: its link is in
// the navigation in the declared order, it opens with its name as the page's heading, and axe finds nothing
// serious there. A new area is checked here the day it is declared.
import { describe, expect, it } from 'vitest';
import { areasFor } from '#console/src/areas';
import { useLocalService } from '../support/local-service.ts';
import { expectAccessible, openArea, useBrowser } from '../support/browser.ts';

const service = useLocalService({ console: true });
const browser = useBrowser();

const logins = [
  { who: 'demo', role: 'admin', platformAdmin: true, as: 'a platform admin' },
  { who: 'outra', role: 'admin', platformAdmin: false, as: 'a tenant admin' },
  { who: 'prestador', role: 'prestador', platformAdmin: false, as: 'the provider' },
  { who: 'plantonista', role: 'plantonista', platformAdmin: false, as: 'the on-call physician' },
] as const;

describe.each(logins)('the console of $as', ({ who, role, platformAdmin }) => {
  const areas = areasFor(role, platformAdmin);

  it('shows exactly its areas, each opening with its heading, accessible', async () => {
    const page = await browser.loggedIn(service, who);
    const links = await page.getByRole('navigation', { name: 'Principal' }).getByRole('link').allTextContents();
    expect(links).toEqual(areas.map((a) => a.label));
    for (const area of areas) {
      await openArea(page, area.label);
      expect(new URL(page.url()).pathname).toBe(`/console/${area.path}`);
      await expectAccessible(page, area.label);
    }
  });
});
