import type { AdminHousingCompany } from '@porta/contracts';
import { screen, within } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../i18n/i18n-provider';
import { housingCompany } from '../../testing/fetch-mock';
import { renderStyled } from '../../testing/styles';
import { HousingCompanyWarranty, stepTiming } from './HousingCompanyWarranty';

const withDates = housingCompany(1, {
  name: 'Linden Court',
  warrantyReportStartDate: '2026-05-01',
  warrantyReportEndDate: '2026-05-31',
  warrantyRepairMeetingDate: '2026-06-10',
  warrantyRepairNoticeInfoDate: '2026-06-20',
  warrantyPeriodEndDate: '2027-05-01',
  warrantyContacts: [
    {
      name: 'Ville Warranty',
      title: 'Inspector',
      company: 'Build Oy',
      phone: '+358 40 123 4567',
      email: 'ville@build.test',
    },
    { name: 'Kaisa Contact' },
  ],
});

function renderWarranty(record: AdminHousingCompany, canEdit: boolean, today?: string) {
  return renderStyled(
    <MemoryRouter initialEntries={[`/admin/housing-companies/${record.id}/show/warranty`]}>
      <AdminContext
        basename="/admin"
        dataProvider={testDataProvider()}
        i18nProvider={createI18nProvider('en')}
      >
        <HousingCompanyWarranty record={record} canEdit={canEdit} today={today} />
      </AdminContext>
    </MemoryRouter>,
  );
}

function steps() {
  const timeline = screen.getByRole('list', { name: 'Warranty process' });
  return within(timeline)
    .getAllByRole('listitem')
    .map((item) => ({
      // Without the step icon's number (a step not yet done shows its number).
      text: item.textContent?.replace(/^\d/, ''),
      timing: item.getAttribute('data-timing'),
      current: item.getAttribute('aria-current'),
    }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('housing company warranty tab', () => {
  it('shows the warranty steps in order with their dates, marked past, current or upcoming', () => {
    renderWarranty(withDates, false, '2026-06-15');
    expect(steps()).toEqual([
      { text: 'Reporting faultsPast01.05.2026 – 31.05.2026', timing: 'past', current: null },
      { text: 'Repair meetingPast10.06.2026', timing: 'past', current: null },
      { text: 'Adding or specifying faultsNow10.06.2026 – 20.06.2026', timing: 'current', current: 'step' },
      { text: 'Repair plan informedUpcoming20.06.2026', timing: 'upcoming', current: null },
      { text: 'Repairs acceptedNot set', timing: 'unset', current: null },
      { text: 'Warranty period endsUpcoming01.05.2027', timing: 'upcoming', current: null },
    ]);
  });

  it("takes today from the clock (the portal's day)", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-20T10:00:00Z'));
    renderWarranty(withDates, false);
    expect(steps().map((s) => s.timing)).toEqual(['past', 'past', 'current', 'current', 'unset', 'upcoming']);
  });

  it('lists the warranty contacts with phone and e-mail links', () => {
    renderWarranty(withDates, false, '2026-06-15');
    const contacts = screen.getByRole('region', { name: 'Warranty contacts' });
    expect(within(contacts).getByText('Ville Warranty')).toBeTruthy();
    expect(within(contacts).getByText('Inspector, Build Oy')).toBeTruthy();
    expect(within(contacts).getByRole('link', { name: '+358 40 123 4567' }).getAttribute('href')).toBe(
      'tel:+358401234567',
    );
    expect(within(contacts).getByRole('link', { name: 'ville@build.test' }).getAttribute('href')).toBe(
      'mailto:ville@build.test',
    );
    expect(within(contacts).getByText('Kaisa Contact')).toBeTruthy();
  });

  it("links editors to the edit form's warranty tab, and only editors", () => {
    const { unmount } = renderWarranty(withDates, true, '2026-06-15');
    expect(screen.getByRole('link', { name: 'Edit warranty dates' }).getAttribute('href')).toBe(
      `/admin/housing-companies/${withDates.id}/warranty`,
    );
    unmount();
    renderWarranty(withDates, false, '2026-06-15');
    expect(screen.queryByRole('link', { name: 'Edit warranty dates' })).toBeNull();
  });

  it('says so when no warranty date or contact is set', () => {
    renderWarranty(housingCompany(2), true, '2026-06-15');
    expect(screen.getByText('No warranty dates have been set.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Warranty process' })).toBeNull();
    expect(screen.getByText('No warranty contacts')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit warranty dates' })).toBeTruthy();
  });

  it('times a step with one or two days', () => {
    expect(stepTiming(null, '2026-06-15', '2026-06-15')).toBe('current');
    expect(stepTiming('2026-06-16', null, '2026-06-15')).toBe('upcoming');
    expect(stepTiming('2026-06-01', '2026-06-14', '2026-06-15')).toBe('past');
    expect(stepTiming(null, null, '2026-06-15')).toBe('unset');
  });
});
