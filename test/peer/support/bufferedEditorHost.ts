/**
 * The editor the peer layer has without VS Code: the real disk (`NodeFileSystem`, which acts on
 * confined real paths like the product's host) plus in-memory unsaved buffers, problems and a
 * selection the test sets, and the user's answer to a sensitive write.
 */
import type { EditorProblem, EditorSelection, EditorToolsHost } from '../../../src/services/editorTools/editorHost.js';
import { NodeFileSystem } from '../../../src/services/nodeFileSystem.js';
import { sliceLines } from '../../../src/services/sliceLines.js';

export class BufferedEditorHost extends NodeFileSystem implements EditorToolsHost {
  /** Unsaved editor text by absolute path. */
  readonly buffers = new Map<string, string>();
  problemList: EditorProblem[] = [];
  current: EditorSelection | undefined;
  /** What the user answers when a sensitive write asks. */
  allowSensitive = false;
  readonly asked: Array<{ path: string; reason: string }> = [];

  override async readTextFile(path: string, line?: number, limit?: number): Promise<string> {
    const unsaved = this.buffers.get(path);
    return unsaved !== undefined ? sliceLines(unsaved, line, limit) : super.readTextFile(path, line, limit);
  }

  /** As the editor does: the edit lands in the buffer, then the document is saved. */
  override async writeTextFile(path: string, content: string): Promise<void> {
    await super.writeTextFile(path, content);
    this.buffers.delete(path);
  }

  async problems(): Promise<EditorProblem[]> {
    return this.problemList;
  }

  async selection(): Promise<EditorSelection | undefined> {
    return this.current;
  }

  async confirmSensitiveWrite(path: string, reason: string): Promise<boolean> {
    this.asked.push({ path, reason });
    return this.allowSensitive;
  }
}
