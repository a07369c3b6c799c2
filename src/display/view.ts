/**
 * The view model: what every display shows — each seat's light, the digits, the dealer panel, the
 * floor page. It is the core's read model (`TableReadModel.view()`, src/table/view.ts) plus what the table
 * around the core knows: its name, the open alerts and the readers that are away. Displays never read
 * the hand's context. The public view has no hole cards in it at all (principle 6): only the private
 * view, for authenticated floor staff, adds them (`TableReadModel.privateView()`).
 */
import type { Card } from "../rules/cards.js";
import type { TableReadModel } from "../table/core.js";
import type { CoreView } from "../table/view.js";
import type { OpenAlert } from "./alertBoard.js";

export type { SeatLight, SeatView } from "../table/view.js";

export interface TableView extends Omit<CoreView, "threeCard"> {
  table: string;
  alerts: OpenAlert[];
  readersOffline: string[];
}

/** The view for authenticated floor staff: the public view plus hole cards. */
export interface PrivateTableView extends TableView {
  hole: Record<number, Card[]>;
}

export interface ViewSources {
  tableName: string;
  alerts: OpenAlert[];
  readersOffline: string[];
}

/** What every public display shows, from the core's public read model. */
export function viewOf(core: CoreView, sources: ViewSources): TableView {
  const { threeCard: _tcp, held, ...view } = core;
  return {
    table: sources.tableName,
    ...view,
    alerts: sources.alerts,
    readersOffline: [...sources.readersOffline],
    held,
  };
}

/** What every public display shows now. */
export function tableView(core: TableReadModel, sources: ViewSources): TableView {
  return viewOf(core.view(), sources);
}

/** The private view: adds the hole cards of the seats still in the hand. */
export function privateTableView(core: TableReadModel, sources: ViewSources): PrivateTableView {
  return { ...tableView(core, sources), hole: core.privateView().hole };
}
