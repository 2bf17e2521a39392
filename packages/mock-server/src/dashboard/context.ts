import type { Api, ProjectInfo } from './api.js';

/** The mock's clock, as `GET /_voucherkit/clock` reads it. */
export interface ClockState {
  readonly now: string;
  readonly frozen: boolean;
  readonly pending_jobs: number;
}

/** What every view of the dashboard shares. */
export interface DashboardContext {
  readonly api: Api;
  /** The projects and their keys. */
  readonly projects: readonly ProjectInfo[];
  /** The project the data view reads: the primary one unless another is chosen. */
  project(): ProjectInfo;
  /** Calls a function with the data of each stream event of this name. */
  onStream(name: string, listener: (data: unknown) => void): void;
  /** Calls a function whenever the service's state may have changed at once (clock, restore, reset). */
  onChange(listener: () => void): void;
  /** Tells every view that the state may have changed. */
  changed(): void;
  /** Shows a message in the status line; an error stands out. */
  say(message: string, error?: boolean): void;
}

/** One tab of the dashboard: made once, shown when its tab is chosen. */
export interface View {
  readonly id: string;
  readonly label: string;
  /** Fills its element; returns what to do each time the tab is shown. */
  mount(element: HTMLElement, context: DashboardContext): () => void;
}

/** Runs an action, saying in the status line what failed. */
export const attempt = (context: DashboardContext, action: () => Promise<unknown>) => (): void =>
  void action().catch((error: unknown) => context.say(error instanceof Error ? error.message : String(error), true));
