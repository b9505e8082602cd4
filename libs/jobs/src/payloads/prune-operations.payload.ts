/** operations.prune: no input; retention comes from the worker's configuration. */
export class PruneOperationsPayload {}
