import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Markdown } from './Markdown';
import { safeUrl } from './MarkdownRenderer';

describe('safeUrl', () => {
  it.each([
    ['https://example.com/x', 'https://example.com/x'],
    ['http://example.com', 'http://example.com'],
    ['mailto:dev@example.com', 'mailto:dev@example.com'],
    ['#section', '#section'],
    ['javascript:alert(1)', ''],
    ['data:text/html,<script>alert(1)</script>', ''],
    ['/relative', ''],
  ])('%s → %s', (url, expected) => {
    expect(safeUrl(url)).toBe(expected);
  });
});

describe('Markdown', () => {
  it('renders GFM and drops raw HTML and unsafe links', async () => {
    renderWithProviders(
      <Markdown>
        {
          '**Bold** ~~old~~ [site](https://example.com) [bad](javascript:alert(1)) <script>alert(1)</script><b>raw</b>'
        }
      </Markdown>,
    );
    expect(await screen.findByText('Bold')).toContainHTML('Bold');
    expect(screen.getByText('Bold').tagName).toBe('STRONG');
    expect(screen.getByText('old').tagName).toBe('DEL');
    const site = screen.getByRole('link', { name: 'site' });
    expect(site).toHaveAttribute('href', 'https://example.com');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    expect(screen.getByText('bad')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.queryByText('raw')).not.toBeInTheDocument();
  });
});
