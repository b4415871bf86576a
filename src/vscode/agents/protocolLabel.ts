// vscode-free: the status bar and the agent picker name an agent's protocol the same way.

/** What a person reads for an agent's protocol: "ACP v1", "A2A v1.0", "A2A v0.3". */
export function protocolLabel(kind: 'acp' | 'a2a', version: number): string {
  if (kind === 'acp') return `ACP v${version}`;
  return `A2A v${Number.isInteger(version) ? version.toFixed(1) : String(version)}`;
}
