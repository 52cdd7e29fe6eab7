import 'server-only';

export { adminDb } from './admin-app';
