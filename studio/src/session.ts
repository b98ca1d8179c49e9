import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { createContext, useContext } from 'react';

/**
 * The signed-in account as GET /api/studio/me gives it, with the same rules the server decides by
 * (@casl/ability): the studio only hides what they do not allow; the server refuses it anyway.
 */
export type StudioAbility = MongoAbility<[string, string]>;

export interface Me {
  email: string;
  roles: string[];
  /** Whether the account has a password with its authenticator app (and so recovery codes). */
  password: boolean;
  recoveryCodesLeft: number;
  rules: RawRuleOf<StudioAbility>[];
}

export const abilityOf = (me: Me): StudioAbility => createMongoAbility<StudioAbility>(me.rules);

export interface Session {
  me: Me;
  ability: StudioAbility;
}

export const SessionContext = createContext<Session | undefined>(undefined);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in shell');
  return session;
}
