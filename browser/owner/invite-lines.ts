// The invite form's text: one invitation a line, `email, Όνομα, Επώνυμο, Θέση`, everything after
// the address optional, as the company API takes them (the server judges each address).
import type { InviteAnswer } from '../../lib/company-answers';
import type { InviteRequest } from './company';

/** The invitations the text holds, blank lines skipped; each keeps its line for the answer. */
export function parseInviteLines(text: string): Array<InviteRequest & { line: number }> {
  return text.split(/\r?\n/).flatMap((row, index) => {
    const [email = '', firstName = '', lastName = '', ...rest] = row
      .split(/[,;\t]/)
      .map((part) => part.trim());
    const jobTitle = rest.join(', ').trim();
    if (email === '') return [];
    return [
      {
        line: index + 1,
        email,
        ...(firstName ? { firstName } : {}),
        ...(lastName ? { lastName } : {}),
        ...(jobTitle ? { jobTitle } : {}),
      },
    ];
  });
}

/**
 * The server's answer to a list sent from the text, each refused row given the line it was typed
 * on (a CSV file's rows carry their line from the server already).
 */
export function withLines(
  answer: InviteAnswer,
  rows: ReadonlyArray<{ line: number; email: string }>,
): InviteAnswer {
  return {
    ...answer,
    refused: answer.refused.map((row) => ({
      ...row,
      line:
        row.line ??
        rows.find((r) => r.email.trim().toLowerCase() === row.email.toLowerCase())?.line,
    })),
  };
}
