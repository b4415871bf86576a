/** Picks the view for an entry kind. Exhaustive: a new entry kind fails to compile here. */
import type { ThreadEntry } from '../../src/thread/types.js';
import { assertNever } from '../thread/store.js';
import { ChangesRow } from './changes.js';
import { CompactionRow } from './compaction.js';
import { ElicitationRow } from './elicitation.js';
import { AgentRow, UserRow } from './message.js';
import { NoticeRow } from './notice.js';
import { PlanRow } from './plan.js';
import type { RowContext, RowView } from './rowView.js';
import { TerminalRow } from './terminals/terminalRow.js';
import { ThoughtRow } from './thought.js';
import { ToolRow } from './tools/toolRow.js';
import { ConsultationCard } from './tools/consultation.js';
import { TurnEndRow } from './turnEnd.js';
import { SubagentCard } from './nested/subagentCard.js';

export function createRowView(entry: ThreadEntry, ctx: RowContext): RowView {
  let view: RowView<never>;
  switch (entry.type) {
    case 'user': view = new UserRow(ctx); break;
    case 'agent': view = new AgentRow(); break;
    case 'thought': view = new ThoughtRow(ctx, entry); break;
    // A consultation of another agent is a nested card, like a subagent's.
    case 'tool_call': view = entry.consultation ? new ConsultationCard(ctx, entry) : new ToolRow(ctx, entry.id); break;
    case 'plan': view = new PlanRow(); break;
    case 'notice': view = new NoticeRow(); break;
    case 'compaction': view = new CompactionRow(ctx, entry); break;
    case 'terminal': view = new TerminalRow(); break;
    case 'turn_end': view = new TurnEndRow(); break;
    case 'changes': view = new ChangesRow(ctx); break;
    case 'elicitation': view = new ElicitationRow(ctx); break;
    case 'subagent': view = new SubagentCard(ctx, entry); break;
    default: return assertNever(entry);
  }
  view.el.dataset.entryId = entry.id;
  view.el.dataset.entryType = entry.type;
  return view as RowView;
}
