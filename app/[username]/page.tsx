import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import ProfileCard from '@/components/profile/ProfileCard';
import { toPublicProfile } from '@/lib/profile';
import { jsonLdScript, personJsonLd, profileMetadata } from '@/lib/profile-metadata';
import { getProfile, listPrerenderedUsernames } from '@/lib/profile-store';
import { parseUsername } from '@/lib/username';

// ISR: pages are static, regenerated at most hourly and on demand when a profile changes.
export const revalidate = 3600;
// A card not pre-rendered (created after the build, or past PRERENDER_LIMIT) renders on its first
// request and is cached like the rest.
export const dynamicParams = true;

type Params = Promise<{ username: string }>;

export async function generateStaticParams(): Promise<Array<{ username: string }>> {
  return (await listPrerenderedUsernames()).map((username) => ({ username }));
}

async function loadProfile(params: Params) {
  const username = parseUsername((await params).username);
  // An id Firestore could never hold is a 404 without a read.
  if (username === null) notFound();
  const profile = await getProfile(username);
  if (!profile) notFound();
  return toPublicProfile(profile);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return profileMetadata(await loadProfile(params));
}

export default async function ProfilePage({ params }: { params: Params }) {
  const profile = await loadProfile(params);
  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonLdScript(personJsonLd(profile)) }}
      />
      <ProfileCard profile={profile} />
    </>
  );
}
