import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const DEMO_PROFILES_FILE = path.join(ROOT, 'tools', 'data', 'demo-profiles.json');
export const RULES_FILE = path.join(ROOT, 'firestore.rules');
