/**
 * Fails unless the operation resource `op` ended `succeeded`, with its whole row and the lines of
 * `output()` (processes' output) that name it or its guest: a diff would show the status only.
 */
export function expectSucceeded(
  op: { id: string; status: string; target?: string | null },
  output: () => string = () => '',
): void {
  if (op.status === 'succeeded') return;
  const lines = output()
    .split('\n')
    .filter((l) => l.includes(op.id) || (op.target && l.includes(op.target)));
  throw new Error(`operation ended ${op.status}: ${JSON.stringify(op)}\n${lines.join('\n')}`);
}
