// The header language switch: every language the console carries, each in its own name; the page changes language and
// the choice is kept for the server.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { languages as table } from '@annot/workflows';
import { describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '@/lib/i18n';
import { readCookie } from '@/lib/cookies';
import { LanguageSwitch } from './language-switch';

function Title() {
  const { t } = useTranslation();
  return <h1>{t('login_title')}</h1>;
}

describe(LanguageSwitch.name, () => {
  it('switches the visible language and remembers it for the server', async () => {
    setLanguage('zh-CN');
    render(
      <I18nextProvider i18n={i18n}>
        <Title />
        <LanguageSwitch />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('登录');
    await userEvent.click(screen.getByRole('button', { name: '切换语言' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(screen.getByRole('heading')).toHaveTextContent('Sign in');
    expect(readCookie('languageType')).toBe('en_US');
    expect(localStorage.getItem('lang')).toBe('en_US');
    expect(document.documentElement).toHaveAttribute('lang', 'en-US');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('offers every language whose strings the console carries, each written in itself', async () => {
    const carried = Object.keys(import.meta.glob('../../locales/*.json')).map((file) => file.replace(/^.*\/|\.json$/g, ''));
    await setLanguage('en-US');
    render(
      <I18nextProvider i18n={i18n}>
        <LanguageSwitch />
      </I18nextProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Switch language' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(table.filter((l) => carried.includes(l.tag)).map((l) => l.name));
    expect(items.map((item) => item.getAttribute('lang'))).toEqual(table.filter((l) => carried.includes(l.tag)).map((l) => l.tag));
  });
});
