import { screen } from '@testing-library/react';
import { AdminContext, type DataProvider, RecordContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderStyled } from '../testing/styles';
import { DateTimeField } from './dates';

function renderField(record: Record<string, unknown>, getMany: (...args: never[]) => Promise<unknown>) {
  const dataProvider = { getMany } as unknown as DataProvider;
  return renderStyled(
    <AdminContext dataProvider={dataProvider}>
      <RecordContextProvider value={record}>
        <DateTimeField source="createdAt" housingCompanySource="housingCompanyId" />
      </RecordContextProvider>
    </AdminContext>,
  );
}

describe('a moment of a housing company', () => {
  it('is shown in the time zone of the company’s country', async () => {
    const getMany = vi.fn(async () => ({ data: [{ id: 'hc-pl', addressCountry: 'Poland' }] }));
    renderField({ id: 'r1', createdAt: '2026-06-30T21:15:00.000Z', housingCompanyId: 'hc-pl' }, getMany);
    expect(await screen.findByText('30.06.2026 23:15')).toBeTruthy();
    expect(getMany).toHaveBeenCalledWith('housing-companies', expect.objectContaining({ ids: ['hc-pl'] }));
  });

  it('is shown in the portal’s zone while the company is unknown or cannot be read', async () => {
    const getMany = vi.fn(async () => {
      throw new Error('forbidden');
    });
    renderField({ id: 'r2', createdAt: '2026-06-30T21:15:00.000Z', housingCompanyId: 'hc-x' }, getMany);
    expect(await screen.findByText('01.07.2026 00:15')).toBeTruthy();
  });
});
