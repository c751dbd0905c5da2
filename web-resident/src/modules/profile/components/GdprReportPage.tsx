import {
  type GdprReport,
  QUICK_LINK_MODULE_IDS,
  type QuickLinkModuleId,
  ROLES,
  type Role,
} from '@porta/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useServices } from '../../../shared/services';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { QueryStatus } from '../../../shared/ui/QueryStatus';
import { useFormatters } from '../../../shared/utils/format';
import { usePageMeta } from '../../layout';
import { useCurrentUser } from '../../startup';
import { downloadJson, gdprReportFileName } from '../utils/download';
import { genderOf, localeName } from '../utils/profile-fields';

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
const isModule = (value: string): value is QuickLinkModuleId =>
  (QUICK_LINK_MODULE_IDS as readonly string[]).includes(value);

/**
 * /profile/gdpr-report/:userUuid? (01 §2, 03 §1): everything identity stores about the user, as a
 * readable page and as a JSON file to save. Without a user id (or with one's own) it is the user's
 * own report; staff allowed to read other users' reports may name a user.
 */
export function GdprReportPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('gdpr.pageTitle') });
  const { userUuid } = useParams();
  const { me } = useCurrentUser();
  const { identity } = useServices();
  const other = userUuid && userUuid !== me.user.id ? userUuid : undefined;
  const report = useQuery({
    queryKey: ['identity', 'gdpr-report', other ?? 'me'],
    queryFn: () => identity.getGdprReport(other),
    staleTime: 0,
  });

  return (
    <section className="page gdpr-report" aria-labelledby="gdpr-title">
      <h1 id="gdpr-title">{t('gdpr.pageTitle')}</h1>
      <p>{t('gdpr.intro')}</p>
      <QueryStatus
        pending={report.isPending}
        error={report.error}
        onRetry={() => void report.refetch()}
        message={t('gdpr.loadFailed')}
      />
      {report.data && <ReportView report={report.data} own={!other} />}
    </section>
  );
}

/** The report's sections; `own` when it is the reader's own report ("about you"). */
function ReportView({ report, own }: { report: GdprReport; own: boolean }) {
  const { t } = useTranslation(['resident', 'common']);
  // A section with nothing in it says that Porta holds nothing of the kind (not "No items found").
  const nothing = t(own ? 'gdpr.emptyOwn' : 'gdpr.emptyOther');
  const format = useFormatters();
  const { profile } = report;
  const companyName = (id: string | null) =>
    id === null
      ? t('gdpr.everywhere')
      : (report.housingCompanies.find((hc) => hc.id === id)?.name ??
        report.housingCompanyRoles.find((r) => r.housingCompanyId === id)?.housingCompanyName ??
        id);
  const roleName = (role: string) => (isRole(role) ? t(`common:roles.${role}`) : role);
  const purposeName = (purpose: string) =>
    purpose === 'email-change'
      ? t('gdpr.purposes.emailChange')
      : purpose === 'first-login'
        ? t('gdpr.purposes.firstLogin')
        : purpose;
  const yesNo = (value: boolean) => (value ? t('profile.yes') : t('profile.no'));
  const date = (value: string | null) => (value ? format.date(value) : '–');
  const dateTime = (value: string | null) => (value ? format.dateTime(value) : '–');

  return (
    <>
      <p className="muted">{t('gdpr.generatedAt', { date: format.dateTime(report.generatedAt) })}</p>
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => downloadJson(report, gdprReportFileName())}
        >
          {t('gdpr.download')}
        </button>
      </p>

      <ReportSection id="profile" title={t('gdpr.sections.profile')}>
        <dl className="details">
          <Row label={t('profile.firstName')} value={profile.firstName} />
          <Row label={t('profile.lastName')} value={profile.lastName} />
          <Row label={t('profile.email')} value={profile.email} />
          <Row label={t('profile.phone')} value={profile.phone || '–'} />
          <Row label={t('profile.language')} value={localeName(profile.locale)} />
          <Row label={t('profile.gender')} value={t(`profile.genders.${genderOf(profile.male)}`)} />
          <Row label={t('profile.publicProfile')} value={yesNo(profile.publicProfile)} />
          <Row label={t('gdpr.fields.externalId')} value={profile.externalId ?? '–'} />
          <Row label={t('gdpr.fields.source')} value={profile.source} />
          <Row label={t('gdpr.fields.registered')} value={yesNo(profile.registered)} />
          <Row label={t('gdpr.fields.enabled')} value={yesNo(profile.enabled)} />
          <Row
            label={t('gdpr.fields.globalRoles')}
            value={profile.roles.length ? profile.roles.map(roleName).join(', ') : '–'}
          />
          <Row label={t('gdpr.fields.createdAt')} value={dateTime(profile.createdAt)} />
          <Row label={t('gdpr.fields.registeredAt')} value={dateTime(profile.registeredAt)} />
          <Row label={t('gdpr.fields.lastLoginAt')} value={dateTime(profile.lastLoginAt)} />
          <Row label={t('gdpr.fields.deactivatedAt')} value={dateTime(profile.deactivatedAt)} />
        </dl>
      </ReportSection>

      <ReportSection
        id="roles"
        title={t('gdpr.sections.roles')}
        nothing={nothing}
        empty={report.housingCompanyRoles.length + report.apartmentRoles.length === 0}
      >
        <Table
          caption={t('gdpr.sections.roles')}
          headers={[
            t('gdpr.fields.housingCompany'),
            t('gdpr.fields.apartment'),
            t('gdpr.fields.role'),
            t('gdpr.fields.validFrom'),
            t('gdpr.fields.validUntil'),
          ]}
          rows={[
            ...report.housingCompanyRoles.map((r) => [
              r.housingCompanyName,
              '–',
              roleName(r.role),
              date(r.validFrom),
              date(r.validUntil),
            ]),
            ...report.apartmentRoles.map((r) => [
              r.housingCompanyName,
              r.apartmentNo,
              roleName(r.role),
              date(r.validFrom),
              date(r.validUntil),
            ]),
          ]}
        />
        {report.scheduledRoleChanges.length > 0 && (
          <>
            <h3>{t('gdpr.sections.scheduledRoleChanges')}</h3>
            <ul>
              {report.scheduledRoleChanges.map((change) => (
                <li key={`${change.apartmentId}-${change.role}-${change.startDate}-${change.change}`}>
                  {t(change.change === 'add' ? 'gdpr.roleAdded' : 'gdpr.roleRemoved', {
                    role: roleName(change.role),
                    apartment:
                      report.apartmentRoles.find((r) => r.apartmentId === change.apartmentId)?.apartmentNo ??
                      change.apartmentId,
                    date: date(change.startDate),
                  })}
                </li>
              ))}
            </ul>
          </>
        )}
      </ReportSection>

      <ReportSection
        id="housing-companies"
        title={t('gdpr.sections.housingCompanies')}
        nothing={nothing}
        empty={report.housingCompanies.length === 0}
      >
        <ul>
          {report.housingCompanies.map((hc) => (
            <li key={hc.id}>{[hc.name, hc.addressCity].filter(Boolean).join(', ')}</li>
          ))}
        </ul>
      </ReportSection>

      <ReportSection
        id="partner-companies"
        title={t('gdpr.sections.partnerCompanies')}
        nothing={nothing}
        empty={report.partnerCompanies.length === 0}
      >
        <ul>
          {report.partnerCompanies.map((pc) => (
            <li key={pc.id}>{pc.name}</li>
          ))}
        </ul>
      </ReportSection>

      <ReportSection
        id="sessions"
        title={t('gdpr.sections.sessions')}
        nothing={nothing}
        empty={report.sessions.length === 0}
      >
        <Table
          caption={t('gdpr.sections.sessions')}
          headers={[
            t('gdpr.fields.startedAt'),
            t('gdpr.fields.lastUsedAt'),
            t('gdpr.fields.endedAt'),
            t('gdpr.fields.ip'),
            t('gdpr.fields.device'),
          ]}
          rows={report.sessions.map((s) => [
            dateTime(s.createdAt),
            dateTime(s.lastUsedAt),
            s.revokedAt ? dateTime(s.revokedAt) : dateTime(s.expiresAt),
            s.ip ?? '–',
            s.userAgent ?? '–',
          ])}
        />
      </ReportSection>

      <ReportSection
        id="sign-in-attempts"
        title={t('gdpr.sections.failedSignIns')}
        nothing={nothing}
        empty={report.failedSignIns.length === 0}
      >
        <ul>
          {report.failedSignIns.map((attempt) => (
            <li key={`${attempt.at}-${attempt.ip}`}>
              {dateTime(attempt.at)} ({attempt.ip})
            </li>
          ))}
        </ul>
      </ReportSection>

      <ReportSection
        id="email-links"
        title={t('gdpr.sections.emailLinks')}
        nothing={nothing}
        empty={report.emailLinks.length === 0}
      >
        <ul>
          {report.emailLinks.map((link) => (
            <li key={`${link.purpose}-${link.createdAt}`}>
              {[purposeName(link.purpose), link.newEmail, dateTime(link.createdAt)]
                .filter(Boolean)
                .join(', ')}
              {link.usedAt && ` — ${t('gdpr.usedAt', { date: dateTime(link.usedAt) })}`}
            </li>
          ))}
        </ul>
      </ReportSection>

      <ReportSection
        id="signatures"
        title={t('gdpr.sections.signatures')}
        nothing={nothing}
        empty={report.signatures.length === 0}
      >
        <ul className="signature-list">
          {report.signatures.map((signature) => (
            <li key={signature.id}>
              <p className="signature-list__name">{signature.name}</p>
              <p className="signature-list__content">{signature.content}</p>
            </li>
          ))}
        </ul>
      </ReportSection>

      <ReportSection
        id="quick-links"
        title={t('gdpr.sections.quickLinks')}
        nothing={nothing}
        empty={report.quickLinks.length === 0}
      >
        <ul>
          {report.quickLinks.map((entry) => (
            <li key={entry.housingCompanyId}>
              {companyName(entry.housingCompanyId)}:{' '}
              {entry.moduleIds.map((id) => (isModule(id) ? t(`quickLinks.modules.${id}`) : id)).join(', ')}
            </li>
          ))}
        </ul>
      </ReportSection>

      <ReportSection
        id="dialogs"
        title={t('gdpr.sections.dialogs')}
        nothing={nothing}
        empty={report.dialogs.length === 0}
      >
        <ul>
          {report.dialogs.map((dialog) => (
            <li key={`${dialog.id}-${dialog.projectId}`}>
              {dialog.id}, {companyName(dialog.projectId)}, {dateTime(dialog.readAt)}
            </li>
          ))}
        </ul>
      </ReportSection>

      <ReportSection
        id="tasks"
        title={t('gdpr.sections.tasks')}
        nothing={nothing}
        empty={report.tasks.length === 0}
      >
        <ul>
          {report.tasks.map((task) => (
            <li key={task.taskId}>
              {task.taskId}: {task.done ? t('gdpr.taskDone') : t('gdpr.taskNotDone')} (
              {dateTime(task.updatedAt)})
            </li>
          ))}
        </ul>
      </ReportSection>

      <ReportSection
        id="bans"
        title={t('gdpr.sections.bans')}
        nothing={nothing}
        empty={report.bans.length === 0}
      >
        <ul>
          {report.bans.map((ban) => (
            <li key={ban.id}>
              {t('gdpr.ban', { where: companyName(ban.housingCompanyId), date: date(ban.expiresAt) })}
              {ban.reason && ` — ${ban.reason}`}
            </li>
          ))}
        </ul>
      </ReportSection>
    </>
  );
}

function ReportSection({
  id,
  title,
  empty = false,
  nothing = '',
  children,
}: {
  id: string;
  title: string;
  empty?: boolean;
  /** What an empty section says: Porta holds no data of this kind about the user. */
  nothing?: string;
  children: ReactNode;
}) {
  return (
    <section className="card gdpr-report__section" aria-labelledby={`gdpr-${id}`}>
      <h2 id={`gdpr-${id}`} className="card__title">
        {title}
      </h2>
      {empty ? <EmptyState title={nothing} /> : children}
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="details__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Table({ caption, headers, rows }: { caption: string; headers: string[]; rows: string[][] }) {
  return (
    // A box that scrolls sideways on a phone: focusable, so that a keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1).
    <div className="table-scroll" tabIndex={0}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
            <tr key={i}>
              {row.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
