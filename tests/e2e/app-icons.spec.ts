import { expect, test } from './fixtures.ts';

// The icons index.html and the manifest name, as the browser takes them: an icon it cannot decode is a blank tab
// and a blank home-screen tile, whatever type the server answers with (a '--' in an SVG comment did exactly that).
test('the favicon and the manifest icons are images the browser can draw', async ({ page }) => {
  await page.goto('/login');
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { icons: { src: string }[] };
  const icons = ['/favicon.svg', '/apple-touch-icon.png', ...manifest.icons.map((icon) => icon.src)];
  expect(icons.length).toBeGreaterThanOrEqual(4);
  for (const src of icons) {
    const width = await page.evaluate(
      (url) =>
        new Promise<number>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(image.naturalWidth);
          image.onerror = () => resolve(0);
          image.src = url;
        }),
      src,
    );
    expect(width, src).toBeGreaterThan(0);
  }
});
