import { describe, expect, it } from 'vitest';

import { renderTemplate, templateVariablesIn, TEMPLATE_BODY_MAX } from './templates';

describe('template variables', () => {
  it('reads names with or without spaces inside the braces', () => {
    expect(templateVariablesIn('Hi {{ client_name }}, {{job_title}} {{  client_name}}')).toEqual([
      'client_name',
      'job_title',
    ]);
    expect(renderTemplate('Hi {{ client_name }}! {{ unknown }}', { client_name: 'Ann' })).toBe(
      'Hi Ann! {{ unknown }}',
    );
  });

  it('reads a body of spaces between unclosed braces at the size limit', () => {
    const body = '{{' + ' '.repeat(TEMPLATE_BODY_MAX - 4) + '}x';
    expect(templateVariablesIn(body)).toEqual([]);
    expect(renderTemplate(body, {})).toBe(body);
  });
});
