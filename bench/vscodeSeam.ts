/**
 * Lets the product's modules that import `vscode` load under Node, for the wire bench: the
 * specifier resolves to bench/vscodeApi.mjs. Import the product modules dynamically after
 * `useVscodeApi()`.
 */
import { register } from 'node:module';

let registered = false;

export function useVscodeApi(): void {
  if (registered) return;
  registered = true;
  const target = new URL('./vscodeApi.mjs', import.meta.url).href;
  const hooks = `export async function resolve(specifier, context, next) {
  return specifier === 'vscode' ? { url: ${JSON.stringify(target)}, shortCircuit: true } : next(specifier, context);
}`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}
