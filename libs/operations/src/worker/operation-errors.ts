/** Thrown at a safe point when the operation was asked to stop. */
export class OperationCancelled extends Error {
  constructor(readonly operationId: string) {
    super(`operation ${operationId} was cancelled`);
    this.name = 'OperationCancelled';
  }
}

/**
 * Thrown by the first step not done when an operation is being unwound (its job will not run
 * again): what was done is undone, nothing new is started.
 */
export class OperationUnwound extends Error {
  constructor(
    readonly operationId: string,
    readonly step: string,
  ) {
    super(`operation ${operationId} was unwound at step ${step}`);
    this.name = 'OperationUnwound';
  }
}
