// The company's teams (lib/teams.ts) as the console reads and writes them: the admin's screen
// through karta's server (app/api/owner/companies/{id}/teams…), and a member's own team, read live
// from Firestore (the rules let the company's members read its teams), for their card's preview.
import { doc, onSnapshot } from 'firebase/firestore';
import { TEAM_OVERRIDES_FIELD, teamPath } from '../../lib/collections';
import { normaliseTeamOverrides, type TeamOverrides, type TeamsAnswer } from '../../lib/teams';
import { ownerDb } from './firebase';
import { ownerJson, ownerRequest } from './owner-api';

const teamsEndpoint = (companyId: string) =>
  `/api/owner/companies/${encodeURIComponent(companyId)}/teams`;
const teamEndpoint = (companyId: string, teamId: string) =>
  `${teamsEndpoint(companyId)}/${encodeURIComponent(teamId)}`;

/** A team as a save sends it: its name and overrides. */
export interface TeamDraft {
  displayName: string;
  overrides: TeamOverrides;
}

export const readTeams = (companyId: string) =>
  ownerJson<TeamsAnswer>(teamsEndpoint(companyId), { method: 'GET' });

/** A new team: its id. */
export async function createTeam(companyId: string, team: TeamDraft): Promise<string> {
  return (await ownerJson<{ id: string }>(teamsEndpoint(companyId), { method: 'POST', json: team }))
    .id;
}

export const saveTeam = (companyId: string, teamId: string, team: TeamDraft) =>
  ownerRequest(teamEndpoint(companyId, teamId), { method: 'PUT', json: team });

/** The team's members are then exactly these cards. */
export const saveTeamMembers = (companyId: string, teamId: string, usernames: string[]) =>
  ownerRequest(`${teamEndpoint(companyId, teamId)}/members`, {
    method: 'PUT',
    json: { usernames },
  });

export const deleteTeam = (companyId: string, teamId: string) =>
  ownerRequest(teamEndpoint(companyId, teamId), { method: 'DELETE' });

/** A team's overrides, live (none once it is deleted). */
export function watchTeamOverrides(
  companyId: string,
  teamId: string,
  listener: (overrides: TeamOverrides) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(
    doc(ownerDb(), teamPath(companyId, teamId)),
    (snapshot) => listener(normaliseTeamOverrides(snapshot.get(TEAM_OVERRIDES_FIELD))),
    onError,
  );
}
