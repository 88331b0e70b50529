import { describe, expect, it } from 'vitest';

import { lineLabel } from './line-label.ts';

describe('lineLabel', () => {
  it('names the work, without the client’s framing', () => {
    expect(lineLabel('We want a modern store')).toBe('A modern store');
    expect(lineLabel('The selected vendor shall design and build a portal')).toBe(
      'Design and build a portal',
    );
    expect(lineLabel('Gift cards')).toBe('Gift cards');
    // What is left must still name something.
    expect(lineLabel('we need it')).toBe('We need it');
  });

  it('cuts a long requirement to its first clause, at most 80 characters, with no ellipsis', () => {
    const cases: Array<[string, string]> = [
      [
        'Online booking for all four clinics with live availability by clinic, clinician and treatment type',
        'Online booking for all four clinics',
      ],
      [
        'Waiting list: when a slot frees up, patients on the list for that clinician are offered it by email and text message',
        'Waiting list',
      ],
      [
        'Insurance patients (Bupa, AXA, Vitality) enter their authorisation number instead of paying',
        'Insurance patients enter their authorisation number instead of paying',
      ],
      [
        'Patients can move or cancel an appointment up to 24 hours before it, after which they are asked to call',
        'Patients can move or cancel an appointment up to 24 hours before it',
      ],
      [
        'Role-based access for receptionists, clinicians, the practice manager and the owners',
        'Role-based access',
      ],
      [
        'The solution has to run on our existing AWS account, deployed with a simple CI pipeline so our in-house developer can ship small changes later',
        'The solution has to run on our existing AWS account',
      ],
      [
        'Migration of 9,400 active patients and their future appointments from our current spreadsheet and Cliniko exports',
        'Migration of 9,400 active patients and their future appointments',
      ],
    ];
    for (const [requirement, label] of cases) expect(lineLabel(requirement)).toBe(label);
  });

  it('cuts a text with no clause at a word', () => {
    const text = `Build ${'a very long feature '.repeat(12)}`;
    const label = lineLabel(text);
    expect(label.length).toBeLessThanOrEqual(80);
    expect(label.length).toBeGreaterThan(60);
    expect(text.startsWith(label)).toBe(true);
    expect(text.charAt(label.length)).toBe(' ');
  });
});
