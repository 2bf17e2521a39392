import type { Handler, HandlerContext, HandlerMap } from '../../http/handler.js';
import type { OperationId } from '../../generated/routes.js';
import { loadEngine } from './load.js';
import { ENGINE_OPERATIONS } from './operations.js';

let handlers: HandlerMap | undefined;
let loading: Promise<HandlerMap> | undefined;

/** The engine's handlers, loaded with the engine's logic that they run (decision 0083). */
export const loadEngineHandlers = (): Promise<HandlerMap> =>
  (loading ??= Promise.all([import('./handlers.js'), loadEngine()]).then(
    ([module]) => (handlers = module.engineHandlers),
  ));

/** The handler of an engine operation: it loads the engine with the first call, then runs its handler. */
const onDemand =
  <Id extends OperationId>(id: Id): Handler<Id> =>
  (context: HandlerContext<Id>) => {
    const run = (map: HandlerMap) => (map[id] as Handler<Id>)(context);
    return handlers === undefined ? loadEngineHandlers().then(run) : run(handlers);
  };

/** The handlers of the engine's operations, each loading the engine with its first call. */
export const engineOnDemand = (): HandlerMap =>
  Object.fromEntries(ENGINE_OPERATIONS.map((id) => [id, onDemand(id)])) as HandlerMap;
