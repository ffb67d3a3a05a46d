import type { Preview } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import '../src/styles/global.css';

const preview: Preview = {
  // Views use router links; stories give them a router of their own.
  decorators: [(Story) => <MemoryRouter><Story /></MemoryRouter>],
  parameters: {
    // An accessibility violation fails the story's test.
    a11y: { test: 'error' },
    layout: 'fullscreen',
  },
};

export default preview;
