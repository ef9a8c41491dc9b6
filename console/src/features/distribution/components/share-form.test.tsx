// The share form checks a distribution with the server's own schema before sending it, and says what is wrong.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type LinkDistributionInput, linkDistributionInput } from '@annot/workflows';
import { ApiError } from '@/lib/api-client';
import { i18n, setLanguage } from '@/lib/i18n';
import { type ShareCheck, ShareForm } from './share-form';

const red = { id: '00000000-0000-4000-8000-000000000001', name: 'Red', waiting: 3 };
const blue = { id: '00000000-0000-4000-8000-000000000002', name: 'Blue', waiting: 0 };
const check: ShareCheck<LinkDistributionInput> = (by, shares) => linkDistributionInput.safeParse({ by, teams: shares.map((s) => ({ teamId: s.id, value: s.value })) });

function renderForm(error: unknown = null) {
  const onSave = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <ShareForm label="Share" idPrefix="test" holders={[red, blue]} pool={20} check={check} onSave={onSave} pending={false} error={error} />
    </I18nextProvider>,
  );
  return onSave;
}

async function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe(ShareForm.name, () => {
  beforeEach(() => setLanguage('en-US'));

  it('starts from each share’s waiting items and sends the counts', async () => {
    const onSave = renderForm();
    expect(screen.getByLabelText('Items for Red')).toHaveValue(3);
    expect(screen.getByText('20 waiting items to share')).toBeInTheDocument();
    await fill('Items for Blue', '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ by: 'count', teams: [{ teamId: red.id, value: 3 }, { teamId: blue.id, value: 5 }] });
  });

  it('refuses a count that is not a whole number, under its share', async () => {
    const onSave = renderForm();
    await fill('Items for Blue', '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Items for Blue')).toHaveAccessibleDescription('A count is a whole number of items, a percent is from 0 to 100');
    expect(screen.getByLabelText('Items for Red')).not.toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses percents that add up to more than 100, and leaves blank shares out', async () => {
    const onSave = renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Distribute by'), 'share');
    expect(screen.getByLabelText('Percent for Red')).toHaveValue(null);
    await fill('Percent for Red', '60');
    await fill('Percent for Blue', '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The percents add up to more than 100%');
    expect(onSave).not.toHaveBeenCalled();

    await fill('Percent for Blue', '');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSave).toHaveBeenCalledWith({ by: 'share', teams: [{ teamId: red.id, value: 60 }] });
  });

  it('asks for at least one value', async () => {
    const onSave = renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Distribute by'), 'share');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a count or a percent for at least one share');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in its own words', () => {
    renderForm(new ApiError(409, 'DISTRIBUTION_REFUSED', 'Only 4 items can be shared here, not 9'));
    expect(screen.getByRole('alert')).toHaveTextContent('Only 4 items can be shared here, not 9');
  });

  it('speaks Chinese', () => {
    setLanguage('zh-CN');
    renderForm();
    expect(screen.getByLabelText('Red 的数量')).toHaveValue(3);
    expect(screen.getByRole('button', { name: '保存' })).toBeInTheDocument();
  });
});
