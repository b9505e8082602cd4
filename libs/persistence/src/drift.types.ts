/** A drift item an operator forgot, and what both sides had then (JSON). */
export interface ForgottenDrift {
  kind: string;
  itemId: string;
  seen: string;
  operationId: string;
  createdAt: Date;
}

/** One way an operation may have touched a drift item (the alternatives are OR'd). */
export interface OperationTouch {
  /** The operation's target: a userid or a vswitch's `VSWITCH:NAME`. */
  target?: string;
  /** Only operations of these kinds. */
  kinds?: readonly string[];
  /** Only operations whose request (the payload's JSON) holds this text. */
  requestContains?: string;
}

/** The newest operation that touched a drift item. */
export interface TouchingOperation {
  id: string;
  kind: string;
  status: string;
  createdAt: Date;
}
