import { Errors, ModID, pyRepr } from '#envelope';

/** Volume-module failures (reference §1.3, modID 30). */
export const VolumeErrors = {
  templateNotFound: (id: string) =>
    Errors.notExist(ModID.VOLUME, `FCP Multipath Template(id=${id})`),
  fcpNotFound: (fcp: string) => Errors.notExist(ModID.VOLUME, `FCP device ${fcp}`),
  /** Ids of a template_id_list that name no template, as the reference lists them. */
  templatesNotFound: (ids: string[]) =>
    Errors.notExist(ModID.VOLUME, `FCP Multipath Templates ${pyRepr(ids)}`),
  /** rs 11: no template to allocate from, or the allocation could not be described. */
  connector: (msg: string) => Errors.volume(11, `Failed to get volume connector: ${msg}`),
  /** rs 12: pchid_info lacks a PCHID the template uses. */
  pchidInfo: (missing: string[]) =>
    Errors.volume(12, `PCHID info is missing for PCHID(s) ${missing.join(', ')}`),
  deleteInUse: (id: string) =>
    Errors.conflict(
      ModID.VOLUME,
      22,
      `Failed to delete FCP Multipath Template ${id}: some FCP devices are allocated from it`,
    ),
  minPaths: (min: number, paths: number) =>
    Errors.conflict(
      ModID.VOLUME,
      23,
      `min_fcp_paths_count ${min} is larger than the number of FCP paths ${paths}`,
    ),
  editInUse: (id: string, why: string) =>
    Errors.conflict(ModID.VOLUME, 24, `Failed to edit FCP Multipath Template ${id}: ${why}`),
  badFcpDevices: (msg: string) => Errors.internal(msg, ModID.VOLUME),
  badField: (field: string, value: unknown, why: string) =>
    Errors.validation(
      `Invalid input for field/attribute ${field}. Value: ${pyRepr(value)}. ${why}`,
    ),
  unknownQuery: (key: string) =>
    Errors.validation(`Invalid input for query parameter '${key}': not allowed here`),
};
