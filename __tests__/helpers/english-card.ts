// A stored card with some of its English given (the title, a link's label) and the rest left to
// transliteration: what the English card's tests read, as a document before normaliseProfile.
export const MARIA_SOME_ENGLISH = {
  firstName: 'Μαρία',
  lastName: 'Παπαδοπούλου',
  jobTitle: 'Αρχιτέκτονας',
  jobTitleEn: 'Architect',
  companyName: 'Studio Φως',
  city: 'Θεσσαλονίκη',
  email: 'maria@example.gr',
  mobileNumber: '+30 691 234 5678',
  phoneNumber: '+30 210 123 4567',
  address: 'Ερμού 45',
  websiteLink: 'www.example.gr',
  displayImage: '/demo/maria.jpg',
  facebookLink: 'https://www.facebook.com/example',
  links: [
    { kind: 'link', url: 'https://shop.example.gr/', label: 'Κατάστημα', labelEn: 'Shop' },
    { kind: 'link', url: 'https://blog.example.gr/', label: 'Ιστολόγιο' },
    { kind: 'github', url: 'https://github.com/maria' },
  ],
};
