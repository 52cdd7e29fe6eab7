import { normalisePhone, telLink, viberLink, whatsappLink } from '@/lib/phone';

describe('normalisePhone', () => {
  it.each([
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
  ])('%j → %j', (raw, expected) => {
    expect(normalisePhone(raw)).toBe(expected);
  });

  it('drops an extension or note written after the number', () => {
    expect(normalisePhone('210 1234567 εσωτ. 12')).toBe('+302101234567');
    expect(normalisePhone('+44 20 7946 0958 ext 3')).toBe('+442079460958');
    expect(normalisePhone('6912345678 (Μαρία)')).toBe('+306912345678');
  });

  it('returns undefined when there are no digits', () => {
    expect(normalisePhone(undefined)).toBeUndefined();
    expect(normalisePhone('')).toBeUndefined();
    expect(normalisePhone('   ')).toBeUndefined();
    expect(normalisePhone('call me')).toBeUndefined();
    expect(normalisePhone('+')).toBeUndefined();
    expect(normalisePhone('+ - ()')).toBeUndefined();
    expect(normalisePhone('00')).toBeUndefined();
  });

  it('keeps a leading + with whatever digits follow', () => {
    expect(normalisePhone('+123')).toBe('+123');
    expect(normalisePhone('+ 30 6912345678')).toBe('+306912345678');
  });

  it('treats a + after the first digit as a separator', () => {
    expect(normalisePhone('210+1234567')).toBe('+302101234567');
  });

  it('returns undefined for a non-string at runtime', () => {
    expect(normalisePhone(6912345678 as unknown as string)).toBeUndefined();
  });
});

describe('telLink', () => {
  it('builds a tel: link from the international form', () => {
    expect(telLink('+30 691 234 5678')).toBe('tel:+306912345678');
    expect(telLink('210 123 4567')).toBe('tel:+302101234567');
    expect(telLink('0044 20 7946 0958')).toBe('tel:+442079460958');
  });

  it('uses the bare digits when no country can be determined', () => {
    expect(telLink('12345')).toBe('tel:12345');
  });

  it('returns undefined without digits', () => {
    expect(telLink(undefined)).toBeUndefined();
    expect(telLink('call me')).toBeUndefined();
  });
});

describe('viberLink', () => {
  it('percent-encodes the + of the international number', () => {
    expect(viberLink('6912345678')).toBe('viber://chat?number=%2B306912345678');
    expect(viberLink('+44 20 7946 0958')).toBe('viber://chat?number=%2B442079460958');
  });

  it('falls back to the digits as given when the country is unknown', () => {
    expect(viberLink('12345')).toBe('viber://chat?number=12345');
  });

  it('returns undefined without digits', () => {
    expect(viberLink(undefined)).toBeUndefined();
    expect(viberLink('κάλεσέ με')).toBeUndefined();
  });
});

describe('whatsappLink', () => {
  it('uses the international number as bare digits', () => {
    expect(whatsappLink('69 1234 5678')).toBe('https://wa.me/306912345678');
    expect(whatsappLink('+30 210 123 4567')).toBe('https://wa.me/302101234567');
    expect(whatsappLink('0044 20 7946 0958')).toBe('https://wa.me/442079460958');
  });

  it('falls back to the digits as given when the country is unknown', () => {
    expect(whatsappLink('12345')).toBe('https://wa.me/12345');
  });

  it('returns undefined without digits', () => {
    expect(whatsappLink(undefined)).toBeUndefined();
    expect(whatsappLink('')).toBeUndefined();
  });
});
