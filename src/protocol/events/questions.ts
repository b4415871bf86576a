/**
 * What the agent asks the user: permissions (their options, the rule a card offers, a command
 * subject, the answer), elicitation forms and pages, the ways to log in, and who wrote each
 * message of a consultation card. Part of the event language (`../events.ts`).
 */

export interface PermissionOption {
  optionId: string;
  name: string;
  kind: 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always' | (string & {});
}

/** Who wrote each message of a consultation card and where the consultation stands. */
export interface ConsultationFacts {
  /** The consulted agent's name as configured. */
  agent: string;
  /** Per content item of the card: the calling agent's message, the consulted agent's, or a note of ours. */
  from: Array<'caller' | 'agent' | 'note'>;
  /** The consulted task's state in words a card shows: working, input-required, completed… */
  state: string;
}

/** A rule the client offers on a permission card; the host keeps what it means under `id`. */
export interface RuleOfferView {
  id: string;
  /** The rule in words: "Allow edits under src/". */
  title: string;
  /** The same without "Allow", in the user's language: "edits under src/" (absent in threads saved before). */
  words?: string;
  /** The agent's allow option the request is answered with when the rule is made. */
  optionId: string;
}

/** A v2 permission request's command subject, as the card shows it. */
export interface PermissionCommand {
  command: string;
  cwd: string;
}

export type PermissionOutcome = { outcome: 'selected'; optionId: string } | { outcome: 'cancelled' };

/** One field of an elicitation form (`elicitation/create`, mode "form"), normalised from its JSON-schema property. */
export type ElicitationField = ElicitationFieldBase &
  (
    | { kind: 'text'; format?: 'email' | 'uri' | 'date' | 'date-time'; minLength?: number; maxLength?: number; pattern?: string; default?: string }
    | { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number }
    | { kind: 'boolean'; default?: boolean }
    | { kind: 'choice'; options: ElicitationChoice[]; default?: string }
    | { kind: 'multi'; options: ElicitationChoice[]; minItems?: number; maxItems?: number; default?: string[] }
  );
export interface ElicitationFieldBase {
  /** The property name the answer is keyed by (for the agent, not shown). */
  name: string;
  /** The property's title, else its name. */
  label: string;
  description?: string;
  required: boolean;
}
export interface ElicitationChoice {
  value: string;
  label: string;
  description?: string;
}
export type ElicitationValue = string | number | boolean | string[];
export type ElicitationAction = 'accept' | 'decline' | 'cancel';
/** What the client asks the user: a form to fill in, or a page to open in the browser. */
export type ElicitationPrompt =
  | { mode: 'form'; message: string; title?: string; description?: string; fields: ElicitationField[] }
  | { mode: 'url'; message: string; url: string; elicitationId: string };

/** One way to log in, as the UI lists it (`kind` says who acts: agent, terminal, env vars). */
export interface AuthRequiredMethod {
  id: string;
  name: string;
  description?: string;
  kind: 'agent' | 'terminal' | 'env_var' | 'unknown';
}
