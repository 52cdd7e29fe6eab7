// A card with every field its outputs show (the e-mail signature, the wallet passes): the stored
// document, before normaliseProfile, its accent colour as typed and its photo at PHOTO_VERSION.
import { photoPath } from '@/lib/routes';

export const PHOTO_VERSION = 'AbCdEfGhIjKlMnOp';

export const MARIA_DOCUMENT = {
  firstName: 'Μαρία',
  lastName: 'Παπαδοπούλου',
  jobTitle: 'Αρχιτέκτονας',
  companyName: 'Studio Φως',
  email: 'maria@example.gr',
  phoneNumber: '210 123 4567',
  websiteLink: 'studio-fos.gr',
  displayImage: photoPath('maria', PHOTO_VERSION),
  accentColor: '#0A7C55',
};
