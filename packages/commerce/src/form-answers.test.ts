import { describe, expect, it } from 'vitest';
import { formAnswerText, LIKERT_LABELS, summarizeFormAnswer } from './form-answers.js';

describe('form answer summaries', () => {
  it('R3.15.4 address reads as lines, with line 2 only when given', () => {
    const values = {
      Line1: '123 Main St',
      Line2: 'Apt #1',
      City: 'New York',
      State: 'New York',
      Zip: '10013',
      Country: 'US',
    };
    expect(summarizeFormAnswer({ type: 'address', values })).toEqual({
      kind: 'lines',
      lines: ['123 Main St', 'Apt #1', 'New York, New York 10013 US'],
    });
    expect(summarizeFormAnswer({ type: 'address', values: { ...values, Line2: '' } })).toEqual({
      kind: 'lines',
      lines: ['123 Main St', 'New York, New York 10013 US'],
    });
  });

  it.each([
    [{ type: 'date', values: { Month: '11', Day: '23', Year: '2010' } }, '11/23/2010'],
    [{ type: 'name', values: { First: 'John', Last: 'Doe' } }, 'John Doe'],
    [
      { type: 'phone', values: { Country: '1', Areacode: '646', Prefix: '123', Line: '0000' } },
      '+1 646-123-0000',
    ],
    [{ type: 'phone', values: { Areacode: '646', Prefix: '123', Line: '0000' } }, '646-123-0000'],
    [{ type: 'time', values: { Hour: 9, Minute: 15, Second: 31, Ampm: 'am' } }, '9:15:31 am'],
    [{ type: 'time', values: { Hour: 4, Ampm: 'pm' } }, '4:00:00 pm'],
    [{ type: 'time', values: { Minute: '30', Ampm: 'am' } }, '00:30:00 am'],
    [{ type: 'checkbox', value: 'Static Value' }, 'Static Value'],
    [{ type: 'checkbox', values: ['One', 'Two', 'Three'] }, 'One, Two, Three'],
    [{ type: 'text', value: 'Static Text' }, 'Static Text'],
  ])('R3.15.5 R3.15.6 R3.15.7 R3.15.8 %j reads %s', (answer, text) => {
    expect(formAnswerText(answer)).toBe(text);
  });

  it.each([
    { type: 'checkbox' },
    { type: 'unknown' },
    { type: 'date', values: {} },
    { type: 'name' },
    { type: 'text', value: '   ' },
  ])('R8.8.3 no answer in %j shows N/A', (answer) => {
    expect(summarizeFormAnswer(answer)).toEqual({ kind: 'text', text: 'N/A' });
  });

  it('R8.8.12 likert labels -2 to 2 and per-question answers', () => {
    expect(['-2', '-1', '0', '1', '2'].map((k) => LIKERT_LABELS[k as '0'])).toEqual([
      'Strongly Disagree',
      'Disagree',
      'Neutral',
      'Agree',
      'Strongly Agree',
    ]);
    expect(
      summarizeFormAnswer({ type: 'likert', values: { 'Stuff is good': '1', 'Things are nice': '2' } }),
    ).toEqual({
      kind: 'pairs',
      pairs: [
        { label: 'Stuff is good', text: 'Agree' },
        { label: 'Things are nice', text: 'Strongly Agree' },
      ],
    });
  });
});
