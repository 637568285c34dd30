import { FEATURE_ICONS } from '@aipm/contracts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';

import { renderWithI18n, testLandingTexts } from '../../../test/support/render-with-i18n';

import { Features } from './Features';

/** Any pictographic character: an emoji shows as an empty box where no emoji font is installed. */
const EMOJI = /\p{Extended_Pictographic}/u;

describe(Features.name, () => {
  it('shows the six feature cards with SVG icons and no emoji', async () => {
    const { container } = await renderWithI18n(<Features />, 'zh');
    const cards = container.querySelectorAll('.feature-card');
    expect(cards).toHaveLength(6);
    const icons = [...cards].map((card) => card.querySelector('img.feature-card__icon')?.getAttribute('src'));
    expect(icons).toEqual(['theory', 'practice', 'employment', 'mentor', 'network', 'certification'].map((icon) => `/images/icons/${icon}.svg`));
    // Decorative: the card's heading names it.
    expect(screen.queryAllByRole('img').filter((image) => image.classList.contains('feature-card__icon'))).toEqual([]);
    expect(container.textContent).not.toMatch(EMOJI);
  });

  it('has an SVG file for every icon the content may name', () => {
    for (const icon of FEATURE_ICONS) {
      const file = path.join(__dirname, `../../../public/images/icons/${icon}.svg`);
      expect(existsSync(file) && readFileSync(file, 'utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
  });

  it("shows the training scene uploaded in 网站内容 with its alt text, else the built-in picture", async () => {
    const content = testLandingTexts('en');
    const view = await renderWithI18n(<Features />, 'en');
    expect(screen.getByRole('img', { name: content.features.sceneAlt })).toHaveAttribute('src', '/images/training-scene.svg');
    view.unmount();

    const scene = { src: `/api/landing-content/images/${'d'.repeat(64)}.webp`, alt: 'Students at a workshop table' };
    await renderWithI18n(<Features />, 'en', { ...content, features: { ...content.features, scene } });
    const image = screen.getByRole('img', { name: scene.alt });
    expect(image).toHaveAttribute('src', scene.src);
    expect([image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('loading')]).toEqual(['640', '400', 'lazy']);
  });
});
