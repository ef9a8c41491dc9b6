// The link editor explains a broken pipeline while it is being drawn, with the seed's messages.
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ProjectLinkInput } from '@annot/workflows';
import { i18n, setLanguage } from '@/lib/i18n';
import { LinkEditor } from './link-editor';

function Editor() {
  const [links, setLinks] = useState<ProjectLinkInput[]>([]);
  return <LinkEditor links={links} onChange={setLinks} />;
}

describe(LinkEditor.name, () => {
  it('says a first inspection link is not allowed, and stops saying it once an annotation link leads', async () => {
    setLanguage('en-US');
    render(
      <I18nextProvider i18n={i18n}>
        <Editor />
      </I18nextProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add inspection link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('First segment cannot be quality inspection');

    await userEvent.click(screen.getByRole('button', { name: 'Add annotation link' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Move up' })[1]);
    expect(screen.queryByText('First segment cannot be quality inspection')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('speaks Chinese by default', async () => {
    setLanguage('zh-CN');
    render(
      <I18nextProvider i18n={i18n}>
        <Editor />
      </I18nextProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: '添加质检环节' }));
    expect(screen.getByRole('alert')).toHaveTextContent('第一个环节不能是质检');
  });
});
