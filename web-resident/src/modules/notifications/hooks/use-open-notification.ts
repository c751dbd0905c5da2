import type { MeResponse, Notification } from '@porta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { resetHousingCompanyData, useSwitchHousingCompany } from '../../housing-company';
import { useCurrentUser } from '../../startup';
import { useMarkRead } from './queries';

/**
 * The housing company (and apartment) to switch to before showing a notification: its company when
 * that is one of the user's and not the selected one, with the apartment it names (when the user
 * has it there) or else the company's first. Null: stay.
 */
export function housingCompanyToSwitchTo(
  me: MeResponse,
  selectedHousingCompanyId: string | null,
  notification: Pick<Notification, 'housingCompanyId' | 'apartmentId'>,
): { housingCompanyId: string; apartmentId: string | null } | null {
  const { housingCompanyId, apartmentId } = notification;
  if (!housingCompanyId || housingCompanyId === selectedHousingCompanyId) return null;
  const hc = me.hcs.find((candidate) => candidate.id === housingCompanyId);
  if (!hc) return null;
  const named = apartmentId ? hc.apts.find((apt) => apt.id === apartmentId) : undefined;
  return { housingCompanyId: hc.id, apartmentId: named?.id ?? hc.apts[0]?.id ?? null };
}

/** Only paths inside this app are followed; anything else leads to the front page. */
export function notificationTarget(targetUrl: string): string {
  return /^\/(?!\/)/.test(targetUrl) ? targetUrl : '/';
}

/**
 * Opening a notification from the bell (01 §4): it is marked read (a failure changes nothing about
 * the rest, 01 §8); one of another housing company first switches to that company and apartment
 * (the previous company's data is dropped as on any switch); then the app goes to its target.
 */
export function useOpenNotification(): (notification: Notification) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { me, housingCompany } = useCurrentUser();
  const { mutate: markRead } = useMarkRead();
  const { mutateAsync: switchHousingCompany } = useSwitchHousingCompany();
  const selectedId = housingCompany?.id ?? null;

  return useCallback(
    async (notification: Notification) => {
      if (!notification.isRead) markRead(notification.id);
      const destination = housingCompanyToSwitchTo(me, selectedId, notification);
      if (destination) {
        try {
          await switchHousingCompany(destination);
          void resetHousingCompanyData(queryClient).catch(() => {
            // A failed re-fetch is reported by the queries themselves.
          });
        } catch {
          // The switch failed: the target is opened in the current company; it says what it cannot show.
        }
      }
      navigate(notificationTarget(notification.targetUrl));
    },
    [me, selectedId, markRead, switchHousingCompany, queryClient, navigate],
  );
}
