import { loadedOnce } from '../../http/first-use.js';
import type { Handler, HandlerContext, HandlerMap } from '../../http/handler.js';
import type { OperationId } from '../../generated/routes.js';
import { loadEngine } from './load.js';
import { ENGINE_OPERATIONS } from './operations.js';

/** The engine's handlers, loaded with the engine's logic that they run (decision 0083). */
const handlers = loadedOnce(
  (): Promise<HandlerMap> =>
    Promise.all([import('./handlers.js'), loadEngine()]).then(([module]) => module.engineHandlers),
);

/** Loads the engine's handlers, with the logic they run; resolves at once once they are loaded. */
export const loadEngineHandlers = (): Promise<HandlerMap> => handlers.load();

/** The handler of an engine operation: it loads the engine with the first call, then runs its handler. */
const onDemand =
  <Id extends OperationId>(id: Id): Handler<Id> =>
  (context: HandlerContext<Id>) => {
    const run = (map: HandlerMap) => (map[id] as Handler<Id>)(context);
    const loaded = handlers.loaded();
    return loaded === undefined ? handlers.load().then(run) : run(loaded);
  };

/** The handlers of the engine's operations, each loading the engine with its first call. */
export const engineOnDemand = (): HandlerMap =>
  Object.fromEntries(ENGINE_OPERATIONS.map((id) => [id, onDemand(id)])) as HandlerMap;
