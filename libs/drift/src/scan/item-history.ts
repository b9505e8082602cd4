import { vswitchTarget } from '#jobs';
import type { OperationTouch } from '#persistence';
import type { DriftItem } from '../domain/drift-item.js';

/** Operations whose payload names FCPs (lower case), and the drift decisions on one. */
const FCP_KINDS = [
  'volume.attach',
  'volume.detach',
  'volume.refresh-bootmap',
  'drift.adopt',
  'drift.forget',
];

/**
 * Which operations touch the item: those on its guest (operations on a guest are targeted at
 * it, drift decisions included), a grant's vswitch changes naming the guest, and the volume
 * operations naming an FCP.
 */
export function touchesOf(item: DriftItem): OperationTouch[] {
  switch (item.kind) {
    case 'fcp_dedicated_unrecorded':
    case 'fcp_recorded_undedicated':
      return [{ kinds: FCP_KINDS, requestContains: `"${item.id}"` }];
    case 'vswitch_grant_differs':
      return [
        ...(item.userid ? [{ target: item.userid }] : []),
        ...(item.vswitch && item.userid
          ? [{ target: vswitchTarget(item.vswitch), requestContains: `"${item.userid}"` }]
          : []),
      ];
    case 'guest_unknown':
    case 'guest_missing':
    case 'nic_differs':
      return item.userid ? [{ target: item.userid }] : [];
  }
}
