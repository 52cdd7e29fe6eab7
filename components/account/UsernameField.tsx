import { USERNAME_MESSAGES } from '@/lib/username';
import Field, { type HeldField } from './Field';

/**
 * The username a new card is to have (its address), with the rules it must follow. A refusal
 * takes the hint's place: shown together, the format refusal repeated the hint word for word.
 */
export default function UsernameField({ onChange, ...held }: HeldField) {
  return (
    <Field
      {...held}
      label="Όνομα χρήστη"
      hint={held.error ? undefined : USERNAME_MESSAGES.format}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
