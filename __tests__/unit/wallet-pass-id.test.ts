// A wallet pass's id (lib/wallet-pass-id.ts): unique to the card, its language and the claim, made
// of characters both wallets accept, and the same on every call.
import { Timestamp } from 'firebase-admin/firestore';
import { CLAIMED_FIELD, OWNER_FIELD } from '@/lib/collections';
import {
  WALLET_PASS_ID_PATTERN,
  passClaimOf,
  walletPassId,
  type PassClaim,
} from '@/lib/wallet-pass-id';

const claim: PassClaim = { ownerUid: 'uid-maria', claimedAt: Date.UTC(2026, 0, 5, 9, 30) };

describe('walletPassId', () => {
  it('is the same on every call, and made of what Google and Apple accept', () => {
    const id = walletPassId('maria', 'el', claim);
    expect(walletPassId('maria', 'el', { ...claim })).toBe(id);
    expect(id).toMatch(WALLET_PASS_ID_PATTERN);
    expect(`3388000000099999999.${id}`).toMatch(/^\d+\.[A-Za-z0-9._-]+$/);
  });

  it("keeps maria's English pass apart from a card named maria_2f_en (the id the review found shared)", () => {
    const english = walletPassId('maria', 'en', claim);
    expect(walletPassId('maria_2f_en', 'el', claim)).not.toBe(english);
    expect(walletPassId('maria_2f_en', 'en', claim)).not.toBe(english);
    expect(walletPassId('maria', 'el', claim)).not.toBe(english);
  });

  it('starts anew with each claim: a name erased and claimed again, by another or the same owner', () => {
    const first = walletPassId('maria', 'el', claim);
    expect(walletPassId('maria', 'el', { ...claim, ownerUid: 'uid-other' })).not.toBe(first);
    expect(walletPassId('maria', 'el', { ...claim, claimedAt: claim.claimedAt! + 1 })).not.toBe(
      first,
    );
    // A card a company made, which nobody has claimed yet, has an id its first claim replaces.
    const unclaimed = walletPassId('maria', 'el', { ownerUid: null, claimedAt: null });
    expect(unclaimed).not.toBe(first);
  });

  it('takes any name a card may hold', () => {
    const ids = ['μαρία', 'a.b', 'a_b', 'a-b', '...', 'x'.repeat(200)].map((name) =>
      walletPassId(name, 'el', claim),
    );
    for (const id of ids) expect(id).toMatch(WALLET_PASS_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('passClaimOf', () => {
  it("reads the card's owner and the time of the claim", () => {
    const at = Timestamp.fromMillis(claim.claimedAt!);
    expect(passClaimOf({ [OWNER_FIELD]: 'uid-maria', [CLAIMED_FIELD]: at })).toEqual(claim);
  });

  it('is empty for a card nobody claimed, or none at all', () => {
    const empty = { ownerUid: null, claimedAt: null };
    expect(passClaimOf({ username: 'maria', companyId: 'acme' })).toEqual(empty);
    expect(passClaimOf(undefined)).toEqual(empty);
    expect(passClaimOf({ [OWNER_FIELD]: 42, [CLAIMED_FIELD]: 'yesterday' })).toEqual(empty);
  });
});
