// The tool step refuses a group element whose tools are not the project's, in place, with the seed's message.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { AnnotationType, ProjectTools } from '@annot/workflows';
import { i18n, setLanguage } from '@/lib/i18n';
import { type ToolChoice, ToolsStep } from './tools-step';

const body: ToolChoice = { id: '00000000-0000-4000-8000-000000000b01', name: 'vehicle body', templateType: 'box', toolVersion: 2 };
const wheel: ToolChoice = { id: '00000000-0000-4000-8000-000000000b02', name: 'wheel', templateType: 'box', toolVersion: 1 };
const car: ToolChoice = { id: '00000000-0000-4000-8000-000000000b03', name: 'car cuboid', templateType: 'cuboid', toolVersion: 1 };
const sky: ToolChoice = { id: '00000000-0000-4000-8000-000000000b04', name: 'sky mask', templateType: 'mask', toolVersion: 1 };

function renderStep(initial: ProjectTools, onSave = vi.fn(), annotationType: AnnotationType = 'picture_single_frame') {
  render(
    <I18nextProvider i18n={i18n}>
      <ToolsStep annotationType={annotationType} catalog={[body, wheel, car, sky]} useToolChoices={() => ({})} initial={initial} serverErrors={{}} saving={false} onSave={onSave} />
    </I18nextProvider>,
  );
  return onSave;
}

describe(ToolsStep.name, () => {
  it('saves a vehicle group made of the body and wheel tools', async () => {
    setLanguage('en-US');
    const onSave = renderStep({ tools: [{ toolId: body.id, toolVersion: 2 }, { toolId: wheel.id, toolVersion: 1 }], groups: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Add group element' }));
    const group = screen.getByRole('group', { name: 'Group element name' });
    await userEvent.type(within(group).getByRole('textbox', { name: 'Group element name' }), 'vehicle');
    await userEvent.click(within(group).getByRole('checkbox', { name: 'vehicle body' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'wheel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(onSave).toHaveBeenCalledWith({ tools: [{ toolId: body.id, toolVersion: 2 }, { toolId: wheel.id, toolVersion: 1 }], groups: [{ name: 'vehicle', toolIds: [body.id, wheel.id] }] });
  });

  it('says a group and its graphics must use consistent tools when a grouped tool is taken off the project', async () => {
    setLanguage('zh-CN');
    const onSave = renderStep({ tools: [{ toolId: body.id, toolVersion: 2 }, { toolId: wheel.id, toolVersion: 1 }], groups: [{ name: 'vehicle', toolIds: [body.id, wheel.id] }] });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('checkbox', { name: /wheel · / })[0]);
    expect(within(screen.getByRole('group', { name: 'vehicle' })).getByRole('alert')).toHaveTextContent('组元素与图形配置的工具应保持一致！');
    await userEvent.click(screen.getByRole('button', { name: '保存并继续' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('offers a picture project its flat tools and masks only, and a point-cloud project its cuboids', () => {
    setLanguage('en-US');
    renderStep({ tools: [], groups: [] });
    expect(screen.getAllByRole('checkbox').map((box) => box.parentElement!.textContent)).toEqual(['vehicle body · Box · v2', 'wheel · Box · v1', 'sky mask · Mask · v1']);
    expect(screen.getByText('Kinds of tool for Picture, single frame: Box, Polygon, Line, Curve, Point, Mask')).toBeInTheDocument();
    cleanup();
    setLanguage('zh-CN');
    renderStep({ tools: [], groups: [] }, vi.fn(), 'point_cloud_single_frame');
    expect(screen.getAllByRole('checkbox').map((box) => box.parentElement!.textContent)).toEqual(['car cuboid · 立体框 · v1']);
  });
});
