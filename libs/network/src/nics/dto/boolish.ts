import { Transform } from 'class-transformer';

const TRUE = ['true', 'TRUE', 'True', '1', 'ON', 'On', 'on', 'YES', 'Yes', 'yes'];
const FALSE = ['false', 'FALSE', 'False', '0', 'OFF', 'Off', 'off', 'NO', 'No', 'no'];

/** The reference's boolean-ish values: true/false or their usual spellings as strings. */
export const Boolish = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value === 'string') {
      if (TRUE.includes(value)) return true;
      if (FALSE.includes(value)) return false;
    }
    return value;
  });
