import { IsUUID } from 'class-validator';

/** operations.undo: the needs_attention operation whose undo an operator retries now. */
export class UndoOperationPayload {
  @IsUUID() operation_id!: string;
}
