import { normalisePhone, telLink, viberLink, whatsappLink } from '@/lib/phone';
import { testReturns } from './support/cases';

describe('normalisePhone', () => {
  testReturns(normalisePhone, [
    // Greek mobiles, however they are typed
    ['+30 691 234 5678', '+306912345678'],
    ['+306912345678', '+306912345678'],
    ['6912345678', '+306912345678'],
    ['69 1234 5678', '+306912345678'],
    ['691-234-5678', '+306912345678'],
    ['0030 691 234 5678', '+306912345678'],
    ['30 691 234 5678', '+306912345678'],
    ['306912345678', '+306912345678'],
    ['  6912345678  ', '+306912345678'],
    ['Κιν.: 691 234 5678', '+306912345678'],
    // Greek landlines
    ['0030 210 123 4567', '+302101234567'],
    ['(210) 123-4567', '+302101234567'],
    ['+30-210-1234567', '+302101234567'],
    ['210.123.4567', '+302101234567'],
    ['210/1234567', '+302101234567'],
    ['2310 123456', '+302310123456'],
    ['(+30) 210 1234567', '+302101234567'],
    // International
    ['+44 20 7946 0958', '+442079460958'],
    ['0044 20 7946 0958', '+442079460958'],
    ['+44 (0)20 7946 0958', '+442079460958'],
    ['+1 (555) 123-4567', '+15551234567'],
    ['+357 22 123456', '+35722123456'],
    // Not determinable: digits as given
    ['12345', '12345'],
    ['5551234567', '5551234567'], // 10 digits, but not a Greek prefix
    ['6123456789', '6123456789'], // starts with 6 but not 69
    ['691234567', '691234567'], // 9 digits
    ['800 11 12345', '8001112345'],
    ['(0) 12345', '012345'], // '(0)' only dropped after a '+'
    // An extension or note written after the number is dropped
    ['210 1234567 εσωτ. 12', '+302101234567'],
    ['+44 20 7946 0958 ext 3', '+442079460958'],
    ['6912345678 (Μαρία)', '+306912345678'],
    // A leading + is kept with whatever digits follow
    ['+123', '+123'],
    ['+ 30 6912345678', '+306912345678'],
    // A + after the first digit is a separator
    ['210+1234567', '+302101234567'],
  ]);

  it('returns undefined when there are no digits', () => {
    for (const raw of [undefined, '', '   ', 'call me', '+', '+ - ()', '00']) {
      expect(normalisePhone(raw)).toBeUndefined();
    }
  });

  it('returns undefined for a non-string at runtime', () => {
    expect(normalisePhone(6912345678 as unknown as string)).toBeUndefined();
  });
});

describe('telLink', () => {
  testReturns(telLink, [
    // A tel: link from the international form
    ['+30 691 234 5678', 'tel:+306912345678'],
    ['210 123 4567', 'tel:+302101234567'],
    ['0044 20 7946 0958', 'tel:+442079460958'],
    // The bare digits when no country can be determined
    ['12345', 'tel:12345'],
    // Nothing without digits
    [undefined, undefined],
    ['call me', undefined],
  ]);
});

describe('viberLink', () => {
  testReturns(viberLink, [
    // The + of the international number, percent-encoded
    ['6912345678', 'viber://chat?number=%2B306912345678'],
    ['+44 20 7946 0958', 'viber://chat?number=%2B442079460958'],
    // The digits as given when the country is unknown
    ['12345', 'viber://chat?number=12345'],
    // Nothing without digits
    [undefined, undefined],
    ['κάλεσέ με', undefined],
  ]);
});

describe('whatsappLink', () => {
  testReturns(whatsappLink, [
    // The international number as bare digits
    ['69 1234 5678', 'https://wa.me/306912345678'],
    ['+30 210 123 4567', 'https://wa.me/302101234567'],
    ['0044 20 7946 0958', 'https://wa.me/442079460958'],
    // The digits as given when the country is unknown
    ['12345', 'https://wa.me/12345'],
    // Nothing without digits
    [undefined, undefined],
    ['', undefined],
  ]);
});
