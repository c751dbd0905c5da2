// @vitest-environment node
import { defaultNotificationSettings, NOTIFICATION_SETTING_KEYS } from '@porta/contracts';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_SETTING_GROUPS, toSettingsForm, toSettingsRequest } from './settings-form';

describe('notification settings form', () => {
  it('shows every key in exactly one group', () => {
    const grouped = NOTIFICATION_SETTING_GROUPS.flatMap((group) => group.keys);
    expect([...grouped].sort()).toEqual([...NOTIFICATION_SETTING_KEYS].sort());
  });

  it('turns the …Disabled flags into channel switches and back, with every key in the request', () => {
    const form = toSettingsForm({
      settings: [{ key: 'ADVERTISEMENT', active: false }],
      emailNotificationsDisabled: true,
      pushNotificationsDisabled: false,
    });
    expect(form.email).toBe(false);
    expect(form.push).toBe(true);
    expect(form.keys.ADVERTISEMENT).toBe(false);
    // Keys the answer leaves out are on.
    expect(form.keys.CALENDAR_EVENTS).toBe(true);
    const request = toSettingsRequest(form);
    expect(request.emailNotificationsDisabled).toBe(true);
    expect(request.pushNotificationsDisabled).toBe(false);
    expect(request.settings.map((s) => s.key)).toEqual([...NOTIFICATION_SETTING_KEYS]);
    expect(request.settings.filter((s) => !s.active).map((s) => s.key)).toEqual(['ADVERTISEMENT']);
    expect(toSettingsRequest(toSettingsForm(defaultNotificationSettings()))).toEqual(
      defaultNotificationSettings(),
    );
  });
});
