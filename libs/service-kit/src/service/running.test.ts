import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, type Jobs } from '../jobs/types.js';
import { Running, repeatEvery } from './running.js';

describe('Running', () => {
  it('stops its parts the last started first, once', async () => {
    const stopped: string[] = [];
    const part = (name: string) => ({ stop: async () => void stopped.push(name) });
    const running = new Running();
    const relay = running.add(part('relay'));
    running.add(part('consumer'));
    running.add(part('responder'));
    expect(relay).toBeDefined();
    await running.stop();
    await running.stop();
    expect(stopped).toEqual(['responder', 'consumer', 'relay']);
  });
});

describe('repeatEvery', () => {
  const job = defineJob({ name: 'test.sweep', payload: z.object({}), handler: async () => {} });

  it('registers the job and repeats it under its name', async () => {
    const calls: unknown[] = [];
    const jobs = {
      register: (definition: unknown) => void calls.push(['register', definition]),
      repeat: async (definition: unknown, payload: unknown, options: unknown) =>
        void calls.push(['repeat', definition, payload, options]),
    } as unknown as Jobs;
    await repeatEvery(jobs, job, 60_000);
    expect(calls).toEqual([
      ['register', job],
      ['repeat', job, {}, { key: 'test.sweep', everyMs: 60_000 }],
    ]);
  });

  it('schedules nothing without a job runner', async () => {
    await expect(repeatEvery(undefined, job, 1000)).resolves.toBeUndefined();
    await expect(repeatEvery(null, job, 1000)).resolves.toBeUndefined();
  });
});
