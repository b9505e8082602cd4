import { chars, int1, int4, request, response, sized, str } from './wire.bytes.js';
import type { WireFixture } from './wire.fixture.js';

/**
 * Directory functions (vmapiImage.h / vmapiImageCreateDm.c … vmapiImageReplaceDm.c).
 * Directory records travel as 80-column card images: the statement in columns 1–72, the
 * directory manager's sequence number in 73–80.
 */
const card = (statement: string, sequence: number): string =>
  statement.padEnd(72) + String(sequence).padStart(8, '0');
const ok = { rc: 0, rs: 0 };

export const IMAGE_DIRECTORY_FIXTURES: WireFixture[] = [
  {
    fn: 'Image_Create_DM',
    call: { target: 'LINUX01', params: { directory: ['USER LINUX01 PW 1G 2G G', 'IPL 0100'] } },
    request: request(
      'Image_Create_DM',
      'LINUX01',
      str(''), // prototype_name: none, the records say it all
      str(''), // initial_password
      str(''), // initial_account_number
      sized(str('USER LINUX01 PW 1G 2G G'), str('IPL 0100')), // image_record_array
    ),
    handler: {
      target: 'LINUX01',
      params: { directory: ['USER LINUX01 PW 1G 2G G', 'IPL 0100'] },
    },
    reply: ok,
    response: response(0, 0, int4(0)), // operation id
    output: undefined,
  },
  {
    fn: 'Image_Delete_DM',
    call: { target: 'LINUX01', params: {} },
    request: request('Image_Delete_DM', 'LINUX01', int1(0)), // data_security_erase: default
    handler: { target: 'LINUX01', params: {} },
    reply: ok,
    response: response(0, 0, int4(0)), // operation id
    output: undefined,
  },
  {
    fn: 'Image_Query_DM',
    call: { target: 'LINUX01', params: {} },
    request: request('Image_Query_DM', 'LINUX01'),
    handler: { target: 'LINUX01', params: {} },
    reply: { ...ok, output: ['USER LINUX01 PW 1G 2G G', 'MDISK 0100 3390 1 3338 EV0001 MR'] },
    // array byte length, then each record: length 80 and the card
    response: response(
      0,
      0,
      sized(
        str(card('USER LINUX01 PW 1G 2G G', 1)),
        str(card('MDISK 0100 3390 1 3338 EV0001 MR', 2)),
      ),
    ),
    output: ['USER LINUX01 PW 1G 2G G', 'MDISK 0100 3390 1 3338 EV0001 MR'],
  },
  {
    fn: 'Image_Name_Query_DM',
    call: { target: '*', params: {} },
    request: request('Image_Name_Query_DM', '*'),
    handler: { target: '*', params: {} },
    reply: { ...ok, output: ['LINUX01', 'OPS'] },
    response: response(0, 0, sized(str('LINUX01'), str('OPS'))), // no struct lengths
    output: ['LINUX01', 'OPS'],
  },
  {
    fn: 'Image_Replace_DM',
    call: { target: 'LINUX01', params: { directory: ['USER LINUX01 PW 2G 4G G'] } },
    request: request('Image_Replace_DM', 'LINUX01', sized(str('USER LINUX01 PW 2G 4G G'))),
    handler: { target: 'LINUX01', params: { directory: ['USER LINUX01 PW 2G 4G G'] } },
    reply: ok,
    response: response(0, 0),
    output: undefined,
  },
  {
    fn: 'Image_Lock_DM',
    call: { target: 'LINUX01', params: {} },
    request: request('Image_Lock_DM', 'LINUX01', str('')), // device_address: the whole entry
    handler: { target: 'LINUX01', params: {} },
    reply: ok,
    response: response(0, 0),
    output: undefined,
  },
  {
    fn: 'Image_Unlock_DM',
    call: { target: 'LINUX01', params: {} },
    request: request('Image_Unlock_DM', 'LINUX01', str('')),
    handler: { target: 'LINUX01', params: {} },
    reply: ok,
    response: response(0, 0),
    output: undefined,
  },
  {
    fn: 'Image_Pause',
    call: { target: 'LINUX01', params: { pause: true } },
    request: request('Image_Pause', 'LINUX01', chars('PAUSE=YES')), // bare, no length, no NUL
    handler: { target: 'LINUX01', params: { pause: true } },
    reply: ok,
    response: response(0, 0),
    output: undefined,
  },
  {
    fn: 'Image_Console_Get',
    call: { target: 'LINUX01', params: {} },
    request: request('Image_Console_Get', 'LINUX01'),
    handler: { target: 'LINUX01', params: {} },
    reply: ok,
    response: response(0, 0),
    output: undefined,
  },
];
