/**
 * Content blocks as ACP defines them, and who wrote a message. Part of the event language
 * (`../events.ts`).
 */

/** Content blocks as ACP defines them (MCP-compatible). Extra fields are kept. */
export type ContentBlock =
  | { type: 'text'; text: string; annotations?: unknown; [extra: string]: unknown }
  | { type: 'image'; data: string; mimeType: string; uri?: string | null; [extra: string]: unknown }
  | { type: 'audio'; data: string; mimeType: string; [extra: string]: unknown }
  | {
      type: 'resource_link';
      uri: string;
      name: string;
      mimeType?: string | null;
      title?: string | null;
      description?: string | null;
      size?: number | null;
      [extra: string]: unknown;
    }
  | {
      type: 'resource';
      resource:
        | { uri: string; text: string; mimeType?: string | null }
        | { uri: string; blob: string; mimeType?: string | null };
      [extra: string]: unknown;
    };

export type MessageRole = 'user' | 'agent' | 'thought';
